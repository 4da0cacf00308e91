import { css, type CSSResult } from 'lit';
import { panelStyles } from '../render/panel-styles.ts';

// The panel is a modal <dialog>: the page behind is inert and dimmed, Escape closes it. The preview
// keeps the stream's proportions inside the viewport (a phone held upright shows a tall picture).
export const cameraStyles: CSSResult = css`
  ${panelStyles}
  dialog.camera {
    inline-size: min(40rem, calc(100vw - 2rem));
    max-block-size: calc(100dvh - 2rem);
  }
  .camera-view {
    position: relative;
    display: grid;
    place-items: center;
    background: #000;
    border-radius: calc(var(--_radius) / 2);
    overflow: hidden;
  }
  .camera-view video {
    display: block;
    inline-size: 100%;
    max-block-size: calc(100dvh - 10rem);
    aspect-ratio: 4 / 3;
    object-fit: contain;
  }
  .camera-recording {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-start: 0.5rem;
    margin: 0;
    display: flex;
    align-items: center;
    gap: 0.5em;
    padding: 0.25em 0.75em;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.7);
    color: #fff;
    font-weight: 600;
  }
  .camera-dot {
    inline-size: 0.75em;
    block-size: 0.75em;
    border-radius: 50%;
    background: #ff4d4d;
  }
  .camera-recording time {
    font-variant-numeric: tabular-nums;
  }
  .camera-problem {
    margin: 0 0 var(--_space);
  }
  .camera-actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin-block-start: var(--_space);
  }
  .camera-actions .again {
    min-block-size: 2.75rem;
  }
  .camera-actions > :last-child {
    margin-inline-start: auto;
  }
  .camera-stop {
    background: var(--_error);
  }
  @media (forced-colors: active) {
    .camera-dot {
      forced-color-adjust: none;
      background: Mark;
    }
  }
`;

/** Adds the panel's styles to an element's shadow root, after its own. */
export function adoptCameraStyles(root: ShadowRoot): void {
  const sheet = cameraStyles.styleSheet;
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  else root.append(Object.assign(document.createElement('style'), { textContent: cameraStyles.cssText }));
}

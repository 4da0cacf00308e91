import { css } from 'lit';
import { panelStyles } from '../render/panel-styles.ts';

// In the element's shadow root, beside its rows: the element's colours (`--_*`) and buttons apply.
// The image keeps its own proportions in the space the window leaves; outside the kept area it is
// dimmed by the area's shadow, which the stage clips (its padding leaves room for the handles).
export const editorStyles = css`
  ${panelStyles}
  .editor {
    inline-size: min(54rem, 100vw - 1rem);
    max-block-size: calc(100dvh - 1rem);
  }
  .editor h2 {
    margin: 0 0 var(--_space);
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }
  .stage {
    display: grid;
    place-items: center;
    padding: 0.75rem;
    overflow: hidden;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_track);
  }
  .frame {
    position: relative;
    inline-size: min(100%, 55dvh * var(--ratio));
    aspect-ratio: var(--ratio);
    background: repeating-conic-gradient(#8884 0 25%, transparent 0 50%) 0 0 / 1rem 1rem;
  }
  .frame canvas {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }
  .crop {
    position: absolute;
    box-sizing: border-box;
    border: 2px solid #fff;
    outline: 1px solid #000;
    box-shadow: 0 0 0 100vmax rgb(0 0 0 / 0.55);
    cursor: move;
    touch-action: none;
  }
  .crop:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
  }
  .handle {
    position: absolute;
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin: -0.625rem;
    border: 2px solid #000;
    border-radius: 50%;
    background: #fff;
    touch-action: none;
  }
  [data-handle='nw'] { left: 0; top: 0; cursor: nwse-resize; }
  [data-handle='ne'] { left: 100%; top: 0; cursor: nesw-resize; }
  [data-handle='sw'] { left: 0; top: 100%; cursor: nesw-resize; }
  [data-handle='se'] { left: 100%; top: 100%; cursor: nwse-resize; }
  .editor p {
    margin: calc(var(--_space) / 2) 0 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .editor .editor-failed {
    color: var(--_error);
  }
  .tools,
  .end {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin-block-start: var(--_space);
  }
  .tools [role='group'] {
    display: inline-flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  .end {
    justify-content: flex-end;
  }
  .again[aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  @media (forced-colors: active) {
    .crop {
      border-color: Highlight;
    }
    .again[aria-pressed='true'] {
      background: Highlight;
      color: HighlightText;
    }
  }
`;

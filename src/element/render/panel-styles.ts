import { css } from 'lit';

/**
 * The frame of a modal panel of the element (`<dialog class="panel">`: the camera, the image
 * editor), written once and put in each panel's own lazy sheet: the page at start carries none of
 * it. Each panel sets its own size.
 */
export const panelStyles = css`
  dialog.panel {
    box-sizing: border-box;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    font-family: var(--resumable-upload-font, inherit);
  }
  dialog.panel::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
`;

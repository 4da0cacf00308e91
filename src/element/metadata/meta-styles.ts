import { css } from 'lit';

/** The details form's look, added to the shadow root when its code loads. */
export const metaStyles = css`
  /* Under the name, beside the thumbnail's column: the row's own words line up. */
  .meta {
    grid-column: 2 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem var(--_space);
  }
  @container (max-width: 28rem) {
    .meta {
      grid-column: 1 / -1;
    }
  }
  .meta > .again {
    min-block-size: 2rem;
    font-size: 0.875em;
  }
  .meta-note {
    margin: 0;
    font-size: 0.875em;
    color: var(--_muted);
  }
  .meta-form {
    flex: 1 1 100%;
    display: grid;
    gap: calc(var(--_space) / 1.5);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .meta-field {
    display: grid;
    gap: 0.25rem;
  }
  .meta-field label {
    font-weight: 600;
  }
  .meta-field input,
  .meta-field textarea {
    font: inherit;
    color: inherit;
    background: var(--_surface);
    min-block-size: 2.25rem;
    padding: 0.375rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    inline-size: 100%;
    box-sizing: border-box;
  }
  .meta-field textarea {
    resize: vertical;
  }
  .meta-field :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }
  .meta-field [aria-invalid='true'] {
    border: 2px solid var(--_error);
  }
  .meta-error {
    color: var(--_error);
    font-size: 0.875em;
  }
  .meta-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .meta-actions button[type='submit'] {
    background: var(--_accent);
    color: var(--_on-accent);
    border-color: transparent;
    font-weight: 600;
  }
`;

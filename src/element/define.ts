import { ResumableUploadElement } from './resumable-upload.ts';

/** The element's tag name. */
export const TAG_NAME = 'resumable-upload';

/**
 * Registers `<resumable-upload>`. Safe to call twice (two bundles on one page, hot reload):
 * a second definition of the same name would throw.
 */
export function defineResumableUpload(): void {
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, ResumableUploadElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'resumable-upload': ResumableUploadElement;
  }
}

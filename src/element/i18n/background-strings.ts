/**
 * The words of uploads handed to the browser (the `background` attribute). Translated in the
 * shipped locales like every other word; the English ones load with this part, not with the
 * element, so a page without `background` does not carry them.
 */
export interface BackgroundStrings {
  /** The list's accessible name. */
  backgroundLabel: string;
  /** Still running in the browser; `{percent}` is what the browser sent, which the server has not confirmed yet. */
  backgroundRunning: string;
  /** Finished while the page was closed. */
  backgroundDone: string;
  /** An item's status once this page handed it to the browser, and what is said then (`{name}`). */
  background: string;
  announceBackground: string;
}

export const backgroundEnglish: BackgroundStrings = {
  backgroundLabel: 'Uploads finishing in the background',
  backgroundRunning: 'Finishing in the background: {percent} sent, not yet confirmed by the server',
  backgroundDone: 'Uploaded in the background',
  background: 'Continuing in the background',
  announceBackground: '{name} continues in the background',
};

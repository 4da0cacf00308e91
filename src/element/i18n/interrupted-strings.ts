/**
 * The words of an interrupted upload's row while its session is asked where it stands, and when it
 * is gone. Translated in the shipped locales like every other word; the English ones load with the
 * interrupted rows, not with the element.
 */
export interface InterruptedStrings {
  /** Its status until its server says how far it got: no figure yet. */
  interruptedAsking: string;
  /** Its session is gone (the server answered 404 or 410): resuming starts again from the first byte. */
  interruptedGone: string;
}

export const interruptedEnglish: InterruptedStrings = {
  interruptedAsking: 'Interrupted: asking the server how far it got',
  interruptedGone: 'Interrupted: the server no longer has it, so it starts over',
};

/**
 * What a transfer asks at each boundary between chunks (nothing in flight, the server's last answer
 * read): whether the rest of the file is about to be handed to the browser, and the offset to hand
 * it from. The `background` option implements it; the transfer knows nothing more of it.
 */
export interface HandOff {
  /** True when the rest of the file goes at the next boundary: the transfer first waits for the record a closed tab resumes from. */
  readonly waiting: boolean;
  /** The server holds `offset` bytes: a waiting hand-off takes the rest of the file from there now. */
  at(offset: number): void;
}

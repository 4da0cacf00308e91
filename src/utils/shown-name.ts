/**
 * A file's name or folder path as it is shown or said (a row, a label, the live region, the
 * browser's progress UI): without bidi controls (embeddings, overrides, isolates, marks), which
 * would reorder it, so `invoice\u202Efdp.exe` cannot read as `invoiceexe.pdf`. Only for display:
 * events, hooks, metadata and the server keep the real name.
 */
export const shownName = (name: string): string => name.replace(/\p{Bidi_C}/gu, '');

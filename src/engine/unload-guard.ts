import { isActive, type UploadState } from './state.ts';

/** Uploads with bytes in flight that asked for `warnBeforeUnload`: one listener serves them all. */
const inFlight = new Set<object>();

function confirmUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/** While bytes are in flight, leaving the page asks for confirmation (not for those the browser holds). */
export function guardUnload(upload: object, state: UploadState): void {
  if (isActive(state) && state !== 'background') inFlight.add(upload);
  else inFlight.delete(upload);
  if (inFlight.size > 0) globalThis.addEventListener?.('beforeunload', confirmUnload);
  else globalThis.removeEventListener?.('beforeunload', confirmUnload);
}

// What the interrupted list and the background rows read and change in the store: a chunk of its
// own (IndexedDB, record validation, locks, the session's DELETE), loaded when the list is looked up.
import { cancelSession as cancel } from '../protocol/cancel-session.ts';
import { defaultClient } from '../transport/default-client.ts';

export { fileOfStoredUpload } from '../storage/stored-file.ts';
export { forgetStoredUpload, listStoredUploads } from '../storage/stored-uploads.ts';
export { lockedFingerprints, takeUploadLock } from '../storage/upload-lock.ts';
export { isTrustedStoredSession } from '../security/origin-policy.ts';
export { askSession } from './session-standing.ts';

/** Ends a stored session on the server with the library's default HTTP client. */
export const cancelSession = (sessionUri: string, endpoint: string | undefined): Promise<void> => cancel(sessionUri, endpoint, defaultClient());

// What the interrupted list and the background rows read and change in the store: a chunk of its
// own (IndexedDB, record validation, locks, the session's DELETE), loaded when the list is looked up.
export { fileOfStoredUpload } from '../../storage/stored-file.ts';
export { forgetStoredUpload, listStoredUploads } from '../../storage/stored-uploads.ts';
export { lockedFingerprints, takeUploadLock } from '../../storage/upload-lock.ts';
export { cancelSession } from '../../protocol/cancel-session.ts';
export { isTrustedStoredSession } from '../../security/origin-policy.ts';

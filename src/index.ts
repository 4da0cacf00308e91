export { Upload } from './engine/upload.ts';
export type { UploadOptions, UploadType, RetryOptions, HeadersOption } from './engine/options.ts';
export type { UploadState } from './engine/state.ts';
export { UploadStates } from './engine/state.ts';
export type { UploadEventMap, UploadProgressDetail, UploadStateChangeDetail } from './engine/events.ts';
export type { UploadResult } from './protocol/final-result.ts';
export { UploadError, isUploadError, type UploadErrorCode, type UploadErrorDetails } from './errors/upload-error.ts';

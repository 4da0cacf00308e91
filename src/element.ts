// The element's entry: importing it registers <resumable-upload>. The engine entry (index.ts) stays free of Lit.
import { defineResumableUpload } from './element/define.ts';

defineResumableUpload();

export { ResumableUploadElement } from './element/resumable-upload.ts';
export type { MetadataOf, PrepareUpload } from './element/settings/element-options.ts';
export type { FormValueOf } from './element/form/form-controller.ts';
export type { MetaField } from './element/metadata/meta-fields.ts';
export { defineResumableUpload, TAG_NAME } from './element/define.ts';
export type { UploadItem } from './queue/item/upload-item.ts';
export { ItemStatuses, type ItemStatus } from './queue/item/item-status.ts';
export { registerLocale } from './element/i18n/locales.ts';
export { en, type PluralMessage, type UploadStrings } from './element/i18n/strings.ts';
export type { RejectReason } from './queue/validation/check-file.ts';
export type { UploadAddEvent, UploadAddEventDetail } from './element/events/upload-add.ts';
export type { UploadRejectEvent, UploadRejectEventDetail } from './element/events/upload-reject.ts';
export type { UploadStartEvent, UploadStartEventDetail } from './element/events/upload-start.ts';
export type { UploadProgressEvent, UploadProgressEventDetail } from './element/events/upload-progress.ts';
export type { UploadSuccessEvent, UploadSuccessEventDetail } from './element/events/upload-success.ts';
export type { BackgroundSuccessDetail } from './element/events/upload-success.ts';
export { isBackgroundSuccess } from './element/events/upload-success.ts';
export type { UploadErrorEvent, UploadErrorEventDetail } from './element/events/upload-error.ts';
export type { UploadCancelEvent, UploadCancelEventDetail } from './element/events/upload-cancel.ts';

// `resumable-upload/queue`: the list of uploads with no view (no Lit), to build any interface on.
// The engine loads when the first file starts, or at idle with `queue.preload()`.
export { UploadQueue } from './queue/upload-queue.ts';
export type { QueueCore, QueueSnapshot } from './queue/queue-core.ts';
export type { Live, UploadOptionsOf, UploadQueueOptions } from './queue/queue-options.ts';
export type {
  UploadAddEventDetail,
  UploadCancelEventDetail,
  UploadErrorEventDetail,
  UploadProgressEventDetail,
  UploadQueueEventMap,
  UploadRejectEventDetail,
  UploadStartEventDetail,
  UploadSentEventDetail,
  UploadStatusEventDetail,
  UploadSuccessEventDetail,
} from './queue/queue-events.ts';
export type { IncomingFile, UploadItem } from './queue/item/upload-item.ts';
export { ItemStatuses, type ItemStatus } from './queue/item/item-status.ts';
export type { Tally } from './queue/item/tally.ts';
export type { SessionStanding } from './queue/session-standing.ts';
export type { RejectReason } from './queue/validation/check-file.ts';

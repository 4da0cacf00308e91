import { QueueCore } from './queue-core.ts';
import { checkQueueOptions, type UploadQueueOptions } from './queue-options.ts';

/**
 * A list of uploads with no view: files are checked against the rules, listed, and started a few at
 * a time (`concurrency`); each can be paused, resumed, retried or cancelled, or all at once. Build
 * any interface on it: read `snapshot()`, `subscribe()` to changes, or listen to its `upload-*`
 * events (the same as `<resumable-upload>`'s, which is a view over one). The engine is loaded when
 * the first file starts (or at idle, with `preload()`).
 *
 * @example
 * const queue = new UploadQueue({ endpoint: '/upload/drive/v3/files', accept: 'image/*', concurrency: 2 });
 * queue.subscribe(() => render(queue.snapshot()));
 * queue.add(input.files!);
 */
export class UploadQueue extends QueueCore {
  /** Throws an `UploadError` (`'invalid-option'`) naming a setting given a wrong value. */
  constructor(options: UploadQueueOptions = {}) {
    checkQueueOptions(options);
    super(options);
  }
}

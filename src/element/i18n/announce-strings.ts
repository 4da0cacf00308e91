import type { PluralMessage } from './plural-message.ts';

/**
 * The words the live region says. Translated in the shipped locales like every other word; the
 * English ones load with the announcer, at the first thing worth saying, not with the element.
 */
export interface AnnounceStrings {
  /** Said through the polite live region. */
  announceStart: string;
  announceDone: string;
  announceFailed: string;
  /** Said once when interrupted uploads are listed on connect. */
  announceInterrupted: string;

  /** Said when a file is not added (`{reason}`: a rejection reason of `UploadStrings`), when an upload waits to retry (`{time}`) or for the network. */
  announceRejected: string;
  announceRetrying: string;
  announceOffline: string;
  /** Said at the end of a batch, now and then during a long one, and instead of many messages at once: files done, failed and left so far. */
  announceSummary: string;
  /** The same with files not added (`{rejected}`), when there are some. */
  announceSummaryRejected: string;
  /** Said when files start uploading while none did (`{count}`: files waiting or under way). */
  announceBatch: PluralMessage;
  /** Said after three rejections by name: how many more were not added. */
  announceMoreRejected: PluralMessage;
  /** Said when a file is paused, resumed or cancelled (`{name}`), and when all are at once. */
  announcePaused: string;
  announceResumed: string;
  announceCancelled: string;
  announcePauseAll: string;
  announceResumeAll: string;
  announceCancelAll: string;
  /** Said once when the network goes while more than one file waits or runs (`{count}`; one alone is said by name, `announceOffline`), and once when it is back (`{count}`: files going on). */
  announceOfflineAll: PluralMessage;
  announceOnline: PluralMessage;

}

export const announceEnglish: AnnounceStrings = {
  announceStart: 'Uploading {name}',
  announceDone: '{name} uploaded',
  announceFailed: '{name} failed: {reason}',
  announceInterrupted: 'Some uploads were interrupted: resume or discard them below',

  announceRejected: '{name} not added: {reason}',
  announceRetrying: '{name}: retrying in {time}',
  announceOffline: '{name}: offline, waiting for the network',
  announceSummary: 'Uploads: {done} done, {failed} failed, {left} left',
  announceSummaryRejected: 'Uploads: {done} done, {failed} failed, {rejected} not added, {left} left',
  announceBatch: { one: 'Uploading {count} file', other: 'Uploading {count} files' },
  announceMoreRejected: { one: '{count} more file not added', other: '{count} more files not added' },
  announcePaused: '{name} paused',
  announceResumed: '{name} resumed',
  announceCancelled: '{name} cancelled',
  announcePauseAll: 'All uploads paused',
  announceResumeAll: 'All uploads resumed',
  announceCancelAll: 'All uploads cancelled',
  announceOfflineAll: { one: 'Offline: {count} file waits for the network', other: 'Offline: {count} files wait for the network' },
  announceOnline: { one: 'Back online: resuming {count} file', other: 'Back online: resuming {count} files' },
};

import { UploadError, isUploadError } from '../errors/upload-error.ts';
import { cancelSession } from '../protocol/cancel-session.ts';
import { SessionPersistence } from '../storage/session-persistence.ts';
import { takeUploadLock } from '../storage/upload-lock.ts';
import { mayHoldRecord, recordWritten } from '../storage/kept-files.ts';
import { checkReadable } from './check-readable.ts';
import type { NormalizedOptions } from './normalize-options.ts';

/**
 * An upload's stored session: its record (written as the server confirms bytes, read back by a
 * later page), the Web Lock that keeps the file to one upload at a time, and the check that a
 * record's session holds this file before it is taken up. Without working storage it does nothing.
 */
export interface StoredSession {
  /** The record's writer while the upload is stored (saves, forgets, discards it); none for an upload not stored. */
  readonly record: SessionPersistence | undefined;
  /**
   * Claims the file for this tab (a Web Lock) and, the first time, resolves with the session of a
   * record an earlier page kept (what it holds is checked by `holds` before anything is sent to it).
   * Once the lock is taken, `locked` is told the file's fingerprint; when it says no (the upload was
   * aborted meanwhile), the lock goes and no record is read. Without storage, or without a
   * fingerprint (no `crypto.subtle` outside secure contexts), the upload goes on unpersisted.
   */
  restore(locked: (fingerprint: string) => Promise<boolean>): Promise<string | undefined>;
  /**
   * Whether the session holds this file's first `held` bytes: always, unless it came from a record
   * not yet checked. One that does not is of no use to anyone now: it is cancelled (a finished one is not undone by it).
   */
  holds(held: number, sessionUri: string): Promise<boolean>;
  /**
   * The upload failed with `error`: a session caught breaking the protocol is never asked again, by
   * this page or the next; a file of one request is kept from now on (given the `sessionUri` it
   * had, unless aborted), so a reload lists it and asks its session first. Settles once every
   * record written so far has landed: a page that lists the interrupted uploads next (or another
   * tab, once the lock goes) reads the latest offset.
   */
  failed(error: unknown, sessionUri: string | undefined, bytesCommitted: number): Promise<void> | undefined;
  unlock(): void;
}

/** The stored session of an upload of `file` (only a resumable one is stored). */
export function storedSession(file: Blob, options: NormalizedOptions): StoredSession {
  let persistence: SessionPersistence | undefined;
  // A file that fits in its first request is not stored on its way (see `store`): its persistence
  // waits here, taken up only for a record an earlier page kept, or once the upload fails.
  let unstored: SessionPersistence | undefined;
  let release: (() => void) | undefined;
  /** The record was looked for (or there is none to look for). */
  let restored = false;
  /** The session was taken from a record and what it holds is not yet checked against the file. */
  let unchecked = false;
  const { store, sessionUri, chunks, background } = options;
  if (options.uploadType === 'resumable') {
    const kept = store && new SessionPersistence(store, file, { ...options.context, ...options });
    if (sessionUri || background || file.size > (chunks.fixed ?? chunks.min)) persistence = kept;
    else unstored = kept;
  }
  /** From now on the upload is stored like any other. */
  const useStore = (): SessionPersistence => {
    persistence = unstored!;
    unstored = undefined;
    return persistence;
  };
  const unlock = (): undefined => {
    release?.();
    release = undefined;
  };
  return {
    get record() {
      return persistence;
    },
    async restore(locked) {
      const waiting = unstored;
      if (waiting && !restored) {
        // Only a session an earlier page kept (it may have finished) is worth the fingerprint and the lock: adopted below.
        restored = !((await mayHoldRecord(store!, file)) && (await waiting.find()));
        if (!restored) useStore();
      }
      const kept = persistence;
      if (!kept || release) return;
      let key: string;
      try {
        key = await kept.key();
      } catch (error) {
        if (isUploadError(error)) throw error; // a file that stopped answering ('file-unreadable')
        return; // no fingerprint (no crypto.subtle outside secure contexts): nothing to restore or lock
      }
      // The record is read while the lock is asked for: both wait on the browser, one after the other
      // they cost a few ms more before the first request. It is only used once the lock is held. A
      // read that raced another tab's last write sees an older record at worst, whose session the
      // server is asked about before anything is sent (a finished or cancelled one is taken as such).
      const read = restored || sessionUri ? undefined : kept.read();
      read?.catch(() => {}); // unused when the lock is refused; `find` reports its failure otherwise
      release = await takeUploadLock(key);
      if (!release) {
        throw new UploadError(
          'locked',
          'This file is already being uploaded with the same request, in another tab or by another upload on this page; it goes on there.',
        );
      }
      if (!(await locked(key))) return unlock();
      if (restored || sessionUri) return;
      restored = true;
      const record = await kept.find(read);
      if (record) unchecked = true;
      return record?.sessionUri;
    },
    async holds(held, uri) {
      const same =
        !unchecked ||
        (await persistence!.holds(held).catch(async (error: unknown) => {
          await checkReadable(file, options.stallTimeoutMs); // deleted or changed on disk: that error, not a read's
          throw error;
        }));
      unchecked = false;
      if (!same && held < file.size) void cancelSession(uri, options.context.endpoint, options.context.http);
      return same;
    },
    failed(error, uri, bytesCommitted) {
      if (isUploadError(error) && error.code === 'protocol') void persistence?.discard();
      else if (unstored && uri) {
        // With the checksum of the whole file: a session that finished unanswered must show it holds this file.
        const kept = useStore();
        const saved = kept.sending(uri, bytesCommitted, file.size) ?? kept.save(uri, bytesCommitted);
        void saved.catch(() => {}); // best effort: the upload's own error is the one to report
        recordWritten(store!, file);
      }
      return persistence?.flushed();
    },
    unlock,
  };
}

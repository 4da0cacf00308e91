// Some stores cannot keep a file handle: WebKit's private and ephemeral IndexedDB refuses a record
// holding a file ("Error preparing Blob/File data to be stored in object store"). The session is
// still kept, without the handle, so a reload resumes once the file is chosen again.
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { IdbSessionStore } from '../../src/storage/idb-session-store.ts';
import type { StoredUpload } from '../../src/storage/stored-upload.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

/** Real IndexedDB that refuses what WebKit's private stores refuse: a record holding a file or handle. */
class HandleRefusingStore extends IdbSessionStore {
  refused = 0;
  override async set(record: StoredUpload): Promise<void> {
    if (record.fileHandle !== undefined) {
      this.refused++;
      throw new DOMException('Error preparing Blob/File data to be stored in object store', 'DataCloneError');
    }
    return super.set(record);
  }
}

// A handle stands in where this engine has none to give (WebKit has no file handles): the store refuses it anyway.
const standInHandle = (file: File) => file as unknown as FileSystemFileHandle;

let store: HandleRefusingStore;
beforeEach(async () => {
  store = new HandleRefusingStore('resumable-upload-refusing', 'sessions');
  await store.clear();
});

describe('a store that refuses file handles', () => {
  it('keeps the session without the handle, and a new upload of the file resumes it', async () => {
    const file = patternFile(3 * QUANTUM + 7, 'refused-handle.bin');
    const url = endpoint();
    const first = new Upload(file, {
      endpoint: url,
      store,
      chunkSize: QUANTUM,
      retry: fast,
      fileHandle: standInHandle(file),
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    expect((await rejection(first.start())).code).toBe('http');

    const [record] = await store.list();
    expect(record).toMatchObject({ sessionUri: first.sessionUri, bytesCommitted: QUANTUM });
    expect(record!.fileHandle).toBeUndefined();
    expect(store.refused).toBe(1); // asked once; later records go without the handle

    const again = new Upload(file, { endpoint: url, store, chunkSize: QUANTUM });
    const result = await again.start();
    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);
  });
});

// A stored upload keeps its file's handle (File System Access), so it goes on without the file being
// chosen again. Needs a real FileSystemFileHandle, made here in the origin-private file system: not in
// WebKit, which has neither (vite.config.ts lists it); without a handle the record is kept without one,
// and the interrupted row asks for the file again (element/interrupted.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads, fileOfStoredUpload, listStoredUploads } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { rejection } from './support/upload-helpers.ts';
import { QUANTUM, patternBytes } from './support/files.ts';
import { endpoint, faultsOnce } from './support/server.ts';

const fast = { retries: 1, baseDelayMs: 5, maxDelayMs: 20 };

beforeEach(() => clearStoredUploads());

describe('sessions kept in IndexedDB, with the file handle', () => {
  it('keeps the file handle, so the upload goes on without choosing the file again', async () => {
    // A handle from the origin-private file system: a real FileSystemFileHandle, no picker needed.
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle(`handle-${crypto.randomUUID()}.bin`, { create: true });
    const writable = await handle.createWritable();
    await writable.write(patternBytes(3 * QUANTUM + 5));
    await writable.close();
    const file = await handle.getFile();
    const url = endpoint();
    const first = new Upload(file, {
      endpoint: url,
      chunkSize: QUANTUM,
      retry: fast,
      fileHandle: handle,
      headers: faultsOnce([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    await rejection(first.start());

    // After a reload, all there is: what IndexedDB kept.
    const [record] = await listStoredUploads(url);
    const again = await fileOfStoredUpload(record!);
    expect(again).toBeInstanceOf(File);
    const result = await new Upload(again!, { endpoint: url, chunkSize: QUANTUM }).start();
    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);

    // A file changed since then is not offered as the same one.
    await rejection(new Upload(file, { endpoint: url, chunkSize: QUANTUM, retry: fast, headers: faultsOnce([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) }).start());
    const [stale] = await listStoredUploads(url);
    const rewrite = await handle.createWritable();
    await rewrite.write(patternBytes(3 * QUANTUM + 5, 9));
    await rewrite.close();
    expect(await fileOfStoredUpload({ ...stale!, fileHandle: handle })).toBeUndefined();
  });
});

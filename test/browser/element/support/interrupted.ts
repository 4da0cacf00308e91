import { expect } from 'vitest';
import { Upload } from '../../../../src/index.ts';
import type { ResumableUploadElement } from '../../../../src/element.ts';
import { QUANTUM, patternBytes } from '../../support/files.ts';
import { faultHeaders, sessionLog } from '../../support/server.ts';
import { fast, rejection } from '../../support/upload-helpers.ts';
import { until } from '../../../support/until.ts';
import { shadow } from './fixture.ts';

/** An upload that stops after its first chunk with its session kept, as after a crash. */
export async function interrupt(file: File, url: string, fileHandle?: FileSystemFileHandle): Promise<string> {
  const upload = new Upload(file, {
    endpoint: url,
    chunkSize: QUANTUM,
    retry: fast,
    metadata: { name: file.name },
    ...(fileHandle ? { fileHandle } : {}),
    headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
  });
  expect((await rejection(upload.start())).code).toBe('http');
  return upload.sessionUri!;
}

/** A real FileSystemFileHandle from the origin-private file system, holding pattern bytes: no picker needed. */
export async function fileInOpfs(size: number, name = `interrupted-${crypto.randomUUID()}.bin`): Promise<FileSystemFileHandle> {
  const root = await navigator.storage.getDirectory();
  const handle = await root.getFileHandle(name, { create: true });
  const writable = await handle.createWritable();
  await writable.write(patternBytes(size));
  await writable.close();
  return handle;
}

export const interruptedRows = (element: ResumableUploadElement) => [...shadow(element).querySelectorAll<HTMLLIElement>('[part~="interrupted-item"]')];

/** The element reads IndexedDB on connect: wait until that listing has rendered. */
export async function rowsAfterConnect(element: ResumableUploadElement, count: number): Promise<HTMLLIElement[]> {
  await until(
    async () => (await element.updateComplete, interruptedRows(element).length === count),
    () => `${count} interrupted rows (${interruptedRows(element).length} now)`,
  );
  return interruptedRows(element);
}

/** The chunk the server had before the interruption was not sent again when the upload went on. */
export async function expectFirstChunkSentOnce(sessionUri: string, file: File): Promise<void> {
  const log = await sessionLog(sessionUri);
  expect(log.requests.filter((request) => request.contentRange === `bytes 0-${QUANTUM - 1}/${file.size}`)).toHaveLength(1);
}

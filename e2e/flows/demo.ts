// The engine's demo page (demo/engine.html): a file chosen there, whole on the server, through faults.
import { fileOnDisk, sha256OfFile } from '../support/files.ts';
import { flow, serverJson, until, type Driver } from '../support/driver.ts';

const MiB = 1024 * 1024;

interface Row {
  state: string | null;
  id: string | null;
  progress: number | null;
}

async function uploadThroughDemo(d: Driver, file: string, chunkSize: string, faults?: string): Promise<string> {
  await d.goto('/demo/engine.html');
  await d.select('select[name=chunkSize]', chunkSize);
  if (faults) await d.select('select[name=faults]', faults);
  await d.chooseFiles([file], '#files');
  const row = await until(lastRow(d), (row) => row?.state === 'done', 'the upload done');
  d.expect(row!.id).toBeTruthy();
  return row!.id!;
}

const lastRow = (d: Driver) => () =>
  d.evaluate((): Row | null => {
    const row = document.querySelector('#uploads li:last-child');
    return row && { state: row.getAttribute('data-state'), id: row.getAttribute('data-file-id'), progress: row.querySelector('progress')?.value ?? null };
  });

export const demoFlows = [
  flow('uploads a file chosen in the demo, byte-identical on the server, without a page error', async (d) => {
    // Firefox reports an XML parsing error for every empty 308 an XHR does not read as text.
    const file = await fileOnDisk('demo-3mib.bin', 3 * MiB + 12345);
    const id = await uploadThroughDemo(d, file, '1048576');
    d.expect((await d.reported()).filter((message) => message.startsWith('pageerror'))).toEqual([]);
    d.expect((await lastRow(d)())?.progress).toBe(3 * MiB + 12345);
    const info = await serverJson(d, `/__files/${id}/info`);
    d.expect(info.size).toBe(String(3 * MiB + 12345));
    d.expect(info.sha256).toBe(await sha256OfFile(file));
  }),

  flow('uploads a 256 MiB file from disk in chunks, byte-identical on the server', async (d) => {
    const file = await fileOnDisk('demo-256mib.bin', 256 * MiB);
    const id = await uploadThroughDemo(d, file, '8388608');
    const info = await serverJson(d, `/__files/${id}/info`);
    d.expect(info.size).toBe(String(256 * MiB));
    d.expect(info.sha256).toBe(await sha256OfFile(file));
    const session = await serverJson(d, `/__control/sessions/${id}`);
    // 32 chunks of 8 MiB, each sent once.
    d.expect(session.bytesReceived).toBe(256 * MiB);
    d.expect(session.requests.filter((r: { kind: string }) => r.kind === 'chunk')).toHaveLength(32);
  }),

  flow('survives faults chosen in the demo: a connection reset mid-chunk', async (d) => {
    const file = await fileOnDisk('demo-5mib.bin', 5 * MiB);
    const id = await uploadThroughDemo(d, file, '8388608', 'connection reset mid-chunk');
    const session = await serverJson(d, `/__control/sessions/${id}`);
    d.expect(session.requests.map((r: { kind: string }) => r.kind)).toEqual(['start', 'chunk', 'query', 'chunk']);
    const info = await serverJson(d, `/__files/${id}/info`);
    d.expect(info.sha256).toBe(await sha256OfFile(file));
  }),

  flow('the last answer lost on a dropped connection: a status query finds the upload complete', async (d) => {
    // Firefox fires the XHR's load with status 0 here (same origin); that is no answer, never an HTTP status.
    const file = await fileOnDisk('demo-lost-answer.bin', MiB + 7);
    const id = await uploadThroughDemo(d, file, '8388608', 'lost response');
    const session = await serverJson(d, `/__control/sessions/${id}`);
    d.expect(session.requests.map((r: { kind: string; status: number }) => `${r.kind} ${r.status}`)).toEqual(['start 200', 'chunk 201', 'query 201']);
    const info = await serverJson(d, `/__files/${id}/info`);
    d.expect(info.sha256).toBe(await sha256OfFile(file));
  }),
];

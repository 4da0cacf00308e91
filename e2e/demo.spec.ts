import { expect, test, type Page } from '@playwright/test';
import { fileOnDisk, sha256OfFile } from './support/files.ts';

const MiB = 1024 * 1024;

async function uploadThroughDemo(page: Page, file: string, chunkSize: string, faults?: string) {
  await page.goto('/demo/engine.html');
  await page.selectOption('select[name=chunkSize]', chunkSize);
  if (faults) await page.selectOption('select[name=faults]', { label: faults });
  await page.setInputFiles('#files', file);
  const row = page.locator('#uploads li').last();
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  const id = await row.getAttribute('data-file-id');
  expect(id).toBeTruthy();
  return id!;
}

test('uploads a file chosen in the demo, byte-identical on the server, without a page error', async ({ page, request }) => {
  // Firefox reports an XML parsing error for every empty 308 an XHR does not read as text.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const file = await fileOnDisk('demo-3mib.bin', 3 * MiB + 12345);
  const id = await uploadThroughDemo(page, file, '1048576');
  expect(pageErrors).toEqual([]);
  await expect(page.locator('#uploads li progress')).toHaveJSProperty('value', 3 * MiB + 12345);
  const info = await (await request.get(`/__files/${id}/info`)).json();
  expect(info.size).toBe(String(3 * MiB + 12345));
  expect(info.sha256).toBe(await sha256OfFile(file));
});

test('uploads a 256 MiB file from disk in chunks, byte-identical on the server', async ({ page, request }) => {
  const file = await fileOnDisk('demo-256mib.bin', 256 * MiB);
  const id = await uploadThroughDemo(page, file, '8388608');
  const info = await (await request.get(`/__files/${id}/info`)).json();
  expect(info.size).toBe(String(256 * MiB));
  expect(info.sha256).toBe(await sha256OfFile(file));
  const session = await (await request.get(`/__control/sessions/${id}`)).json();
  // 32 chunks of 8 MiB, each sent once.
  expect(session.bytesReceived).toBe(256 * MiB);
  expect(session.requests.filter((r: { kind: string }) => r.kind === 'chunk')).toHaveLength(32);
});

test('survives faults chosen in the demo: a connection reset mid-chunk', async ({ page, request }) => {
  const file = await fileOnDisk('demo-5mib.bin', 5 * MiB);
  const id = await uploadThroughDemo(page, file, '8388608', 'connection reset mid-chunk');
  const session = await (await request.get(`/__control/sessions/${id}`)).json();
  expect(session.requests.map((r: { kind: string }) => r.kind)).toEqual(['start', 'chunk', 'query', 'chunk']);
  const info = await (await request.get(`/__files/${id}/info`)).json();
  expect(info.sha256).toBe(await sha256OfFile(file));
});

test('the last answer lost on a dropped connection: a status query finds the upload complete', async ({ page, request }) => {
  // Firefox fires the XHR's load with status 0 here (same origin); that is no answer, never an HTTP status.
  const file = await fileOnDisk('demo-lost-answer.bin', MiB + 7);
  const id = await uploadThroughDemo(page, file, '8388608', 'lost response');
  const session = await (await request.get(`/__control/sessions/${id}`)).json();
  expect(session.requests.map((r: { kind: string; status: number }) => `${r.kind} ${r.status}`)).toEqual(['start 200', 'chunk 201', 'query 201']);
  const info = await (await request.get(`/__files/${id}/info`)).json();
  expect(info.sha256).toBe(await sha256OfFile(file));
});

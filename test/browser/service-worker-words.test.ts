// What the service worker writes in the browser's own progress UI names the file: a right-to-left
// override (U+202E) in the name must not make `invoice\u202Efdp.exe` read `invoiceexe.pdf` there.
//
// Background Fetch is Chromium's alone and needs a real worker (run for real in e2e/background.spec.ts).
// Here, in both engines, the handler gets the event the browser fires in the worker when a job ends,
// with its `updateUI`, and a record in a real store: what is tested is the words it gives the browser.
import { describe, expect, it } from 'vitest';
import { jobId } from '../../src/background/background-fetch-api.ts';
import { handleBackgroundUploads, type BackgroundUploadsOptions } from '../../src/service-worker.ts';
import type { StoredUpload } from '../../src/storage/stored-upload.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { storedRecord } from './support/stored-record.ts';

const SPOOF = 'invoice\u202Efdp.exe';

/** Ends the record's job as the browser does in the worker (`type`), and returns the titles it was given. */
async function endJob(options: BackgroundUploadsOptions, record: StoredUpload, type: 'backgroundfetchsuccess' | 'backgroundfetchfail'): Promise<string[]> {
  const store = new MemorySessionStore();
  await store.set(record);
  handleBackgroundUploads({ ...options, store });
  const titles: string[] = [];
  const work: Promise<unknown>[] = [];
  const event = Object.assign(new Event(type), {
    registration: {
      id: jobId(record.fingerprint),
      failureReason: type === 'backgroundfetchfail' ? 'fetch-error' : '',
      matchAll: async () => [{ responseReady: Promise.resolve(new Response('{"size":"10"}', { status: 200 })) }],
    },
    waitUntil: (promise: Promise<unknown>) => work.push(promise),
    updateUI: async ({ title }: { title: string }) => void titles.push(title),
  });
  globalThis.dispatchEvent(event);
  await Promise.all(work);
  return titles;
}

describe("the service worker's words in the browser's progress UI", () => {
  it('name the file without bidi controls, when done and when interrupted', async () => {
    expect(await endJob({}, storedRecord({ name: SPOOF }), 'backgroundfetchsuccess')).toEqual(['Uploaded invoicefdp.exe']);
    expect(await endJob({}, storedRecord({ name: SPOOF }), 'backgroundfetchfail')).toEqual(['Upload of invoicefdp.exe interrupted; it resumes on your next visit']);
  });

  it("give the page's own title() the name as shown", async () => {
    const names: string[] = [];
    const title = (name: string) => (names.push(name), `Envoyé : ${name}`);
    expect(await endJob({ title }, storedRecord({ name: SPOOF }), 'backgroundfetchsuccess')).toEqual(['Envoyé : invoicefdp.exe']);
    expect(names).toEqual(['invoicefdp.exe']);
  });
});

// A service worker's registration may run other libraries' Background Fetch jobs too. The handler
// acts only on jobs whose id carries this library's prefix: for any other, nothing is stored, the
// browser's UI is not touched, no page is told, and no window opens.
//
// As in service-worker-words.test.ts, the handler gets the events the browser fires in the worker,
// here in a page of both engines, with a real store and a real BroadcastChannel.
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_NAME, jobId } from '../../src/background/background-fetch-api.ts';
import { handleBackgroundUploads } from '../../src/service-worker.ts';
import type { StoredUpload } from '../../src/storage/stored-upload.ts';
import { MemorySessionStore } from './support/memory-session-store.ts';
import { storedRecord } from './support/stored-record.ts';

const record = storedRecord({ fingerprint: 'a'.repeat(64), name: 'report.pdf', type: 'application/pdf' });

// What a worker has and a page lacks: its registration and its clients.
const opened: string[] = [];
Object.assign(globalThis, {
  registration: { scope: `${location.origin}/` },
  clients: { matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
});

const store = new MemorySessionStore();
handleBackgroundUploads({ store });

/** Fires a job's event as the browser does in the worker; resolves with what the handler did. */
async function fire(type: string, id: string) {
  await store.set(record);
  opened.length = 0;
  const messages: unknown[] = [];
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event) => messages.push(event.data);
  const work: Promise<unknown>[] = [];
  const titles: string[] = [];
  const event = Object.assign(new Event(type), {
    registration: {
      id,
      failureReason: type === 'backgroundfetchfail' ? 'fetch-error' : '',
      matchAll: async () => [{ responseReady: Promise.resolve(new Response('{"size":"10"}', { status: 200, headers: { 'Content-Type': 'application/json' } })) }],
    },
    waitUntil: (promise: Promise<unknown>) => work.push(promise),
    updateUI: async ({ title }: { title: string }) => void titles.push(title),
  });
  globalThis.dispatchEvent(event);
  await Promise.all(work);
  // A message posted meanwhile is delivered by a task of its own: one round trip through the channel lets it land.
  await new Promise<void>((resolve) => {
    const echo = new BroadcastChannel(CHANNEL_NAME);
    const probe = new BroadcastChannel(CHANNEL_NAME);
    probe.onmessage = () => (probe.close(), resolve());
    echo.postMessage('probe');
    echo.close();
  });
  channel.close();
  return { waited: work.length, stored: (await store.get(record.fingerprint)) as StoredUpload & { background?: unknown }, titles, messages: messages.filter((m) => m !== 'probe'), opened: [...opened] };
}

afterEach(() => store.clear());

describe.each(['backgroundfetchsuccess', 'backgroundfetchfail', 'backgroundfetchabort', 'backgroundfetchclick'])('%s', (type) => {
  it.each([
    ['the bare fingerprint', record.fingerprint],
    ["another library's prefix", `other-library:${record.fingerprint}`],
    ['a prefix without its colon', `resumable-upload${record.fingerprint}`],
  ])('for a job id of %s: nothing stored, shown, told or opened', async (_, id) => {
    const seen = await fire(type, id);
    expect(seen).toEqual({ waited: 0, stored: record, titles: [], messages: [], opened: [] });
  });

  it("for this library's job: acted on (the check above would see it)", async () => {
    const seen = await fire(type, jobId(record.fingerprint));
    expect(seen.waited).toBe(1);
    if (type === 'backgroundfetchclick') {
      expect(seen.opened).toEqual([`${location.origin}/`]);
    } else {
      expect(seen.stored.background).toBeDefined();
      expect(seen.messages).toHaveLength(1);
      expect(seen.titles).toHaveLength(1);
    }
  });
});

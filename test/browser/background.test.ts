import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Upload, clearStoredUploads } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, sessionLog } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

// Runs in every engine of the browser rig. Firefox and Safari have no Background Fetch, and this
// page has no service worker in any engine: there the `background` option must change nothing.

/** Makes the page look hidden (as a switched-away or closing tab) and tells it so. */
function hidePage(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => clearStoredUploads());
afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState; // the prototype's getter again
});

describe('the background option without Background Fetch or a service worker', () => {
  it('hiding the page mid-upload hands nothing off: the upload goes on and sends every byte once', async () => {
    const file = patternFile(6 * QUANTUM, 'hidden.bin');
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      background: true,
      headers: faultHeaders([{ kind: 'delay', ms: 50, match: 'chunk', times: 6 }]),
    });
    upload.addEventListener('progress', ({ detail }) => detail.bytesCommitted === QUANTUM && hidePage());
    const result = await upload.start();

    expect(document.visibilityState).toBe('hidden');
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    expect(log.bytesReceived).toBe(file.size);
    expect(log.requests.map((request) => request.status)).toEqual([200, 308, 308, 308, 308, 308, 201]);
  });

  it('an upload interrupted mid-way resumes as always: a status query, then the rest from the server offset', async () => {
    const file = patternFile(4 * QUANTUM, 'interrupted.bin');
    const url = endpoint();
    const first = new Upload(file, {
      endpoint: url,
      chunkSize: QUANTUM,
      background: true,
      retry: fast,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]),
    });
    expect((await rejection(first.start())).code).toBe('http');

    const again = new Upload(file, { endpoint: url, chunkSize: QUANTUM, background: true });
    const result = await again.start();
    await expectStored(result, file);
    const log = await sessionLog(result.sessionUri!);
    const afterRefusal = log.requests.slice(log.requests.findIndex((request) => request.status === 400) + 1);
    const next = afterRefusal.findIndex((request) => request.kind === 'chunk');
    expect(afterRefusal[next - 1]).toMatchObject({ kind: 'query', status: 308 });
    expect(afterRefusal[next]).toMatchObject({ contentRange: `bytes ${QUANTUM}-${2 * QUANTUM - 1}/${file.size}` });
  });

  it('rejects a malformed option with invalid-option', () => {
    const file = patternFile(QUANTUM);
    expect(() => new Upload(file, { endpoint: endpoint(), background: 'yes' as never })).toThrow(/`background` must be true, false or an object/);
    expect(() => new Upload(file, { endpoint: endpoint(), background: { maxBytes: -1 } })).toThrow(/background\.maxBytes/);
  });
});

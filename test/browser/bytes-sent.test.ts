import { describe, expect, it } from 'vitest';
import { Upload } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { conversation, incomplete, script, sessionStarted } from './support/scripted.ts';
import { endpoint } from './support/server.ts';
import { nextState } from './support/upload-helpers.ts';
import { until } from '../support/until.ts';

/** Every `progress` and `sent` event, as `type committed/sent`. */
function eventsOf(upload: Upload): string[] {
  const seen: string[] = [];
  for (const type of ['progress', 'sent'] as const) {
    upload.addEventListener(type, (e) => seen.push(`${type} ${e.detail.bytesCommitted}/${e.detail.bytesSent}`));
  }
  return seen;
}

/** Resolves with the first `sent` event's detail that `matches`. */
function sentUntil(upload: Upload, matches: (committed: number, sent: number) => boolean): Promise<void> {
  return new Promise((resolve) => upload.addEventListener('sent', (e) => matches(e.detail.bytesCommitted, e.detail.bytesSent) && resolve()));
}

describe('the bytes in flight (sent)', () => {
  it('tells the whole chunk sent while the server has not confirmed it, and takes it back on pause', async () => {
    // The second chunk's body is read to its end, and then never answered.
    const scripted = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), { status: 0, hold: 'answer' }]);
    const upload = new Upload(patternFile(3 * QUANTUM), { endpoint: `${scripted.base}/upload`, chunkSize: QUANTUM });
    const seen = eventsOf(upload);
    void upload.start().catch(() => {});

    await sentUntil(upload, (committed, sent) => committed === QUANTUM && sent === 2 * QUANTUM);
    expect(upload.bytesCommitted).toBe(QUANTUM); // the bar stays where the server said
    const paused = nextState(upload, 'paused');
    upload.pause();
    await paused;

    const requests = conversation(await scripted.requests());
    expect(requests[0]).toMatch(/^POST /);
    expect(requests.slice(1)).toEqual([`PUT bytes 0-${QUANTUM - 1}/${3 * QUANTUM}`, `PUT bytes ${QUANTUM}-${2 * QUANTUM - 1}/${3 * QUANTUM}`]);
    // Confirmed counts never pass what was sent; the bytes of the lost chunk are taken back last.
    const progress = seen.filter((event) => event.startsWith('progress'));
    expect(progress).toEqual([`progress ${QUANTUM}/${QUANTUM}`]);
    expect(seen.at(-1)).toBe(`sent ${QUANTUM}/${QUANTUM}`);
    expect(seen).toContain(`sent ${QUANTUM}/${2 * QUANTUM}`);
    for (const event of seen) {
      const [committed, sent] = event.split(' ')[1]!.split('/').map(Number);
      expect(sent).toBeGreaterThanOrEqual(committed!);
      expect(sent).toBeLessThanOrEqual(event.startsWith('sent') && committed === QUANTUM ? 2 * QUANTUM : QUANTUM);
    }
    upload.abort();
  });

  it('ends with every byte sent and confirmed, each sent count between the confirmed one and the chunk end', async () => {
    const file = patternFile(4 * QUANTUM + 5);
    const upload = new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM });
    const details: { type: string; committed: number; sent: number }[] = [];
    for (const type of ['progress', 'sent'] as const) {
      upload.addEventListener(type, (e) => details.push({ type, committed: e.detail.bytesCommitted, sent: e.detail.bytesSent }));
    }
    await expectStored(await upload.start(), file);

    let committed = 0;
    for (const detail of details) {
      expect(detail.committed).toBeGreaterThanOrEqual(committed); // the bar never goes back
      committed = detail.committed;
      expect(detail.sent).toBeGreaterThanOrEqual(detail.committed);
      expect(detail.sent).toBeLessThanOrEqual(Math.min(detail.committed + QUANTUM, file.size)); // one chunk in flight at most
    }
    expect(details.at(-1)).toEqual({ type: 'progress', committed: file.size, sent: file.size });
    // Each chunk's bytes were told sent before the server confirmed them.
    for (const end of [QUANTUM, 2 * QUANTUM, 3 * QUANTUM, 4 * QUANTUM]) {
      const sentAt = details.findIndex((d) => d.type === 'sent' && d.sent === end);
      const confirmedAt = details.findIndex((d) => d.type === 'progress' && d.committed === end);
      expect(sentAt).toBeGreaterThanOrEqual(0);
      expect(sentAt).toBeLessThan(confirmedAt);
    }
  });
});

describe('the bytes in flight when the server keeps none of them', () => {
  it('takes them back when a 308 confirms nothing more of the chunk', async () => {
    const scripted = await script((urls) => [sessionStarted(urls), incomplete(QUANTUM), incomplete(QUANTUM), { status: 0, hold: 'answer' }]);
    const upload = new Upload(patternFile(3 * QUANTUM), { endpoint: `${scripted.base}/upload`, chunkSize: QUANTUM, retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 } });
    const seen = eventsOf(upload);
    void upload.start().catch(() => {});
    let requests: string[] = [];
    await until(async () => (requests = conversation(await scripted.requests())).length === 4, () => `a request after the second 308 (${requests.join(', ')})`);
    // The second chunk went, the server kept none of it: the layer falls back before anything else is sent.
    const sentAhead = seen.indexOf(`sent ${QUANTUM}/${2 * QUANTUM}`);
    expect(sentAhead).toBeGreaterThan(0);
    expect(seen[sentAhead + 1]).toBe(`sent ${QUANTUM}/${QUANTUM}`);
    upload.abort();
  });
});

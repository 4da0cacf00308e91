import { afterEach, describe, expect, it } from 'vitest';
import { patternFile, QUANTUM } from '../support/files.ts';
import { expectStored } from '../support/expect-stored.ts';
import { faultHeaders } from '../support/server.ts';
import { mount, nextEvent, reachStatus, rowOf } from './support/fixture.ts';

describe('<resumable-upload> offline', () => {
  let online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  afterEach(() => {
    online = true;
  });

  it('shows "offline" while the browser is offline and goes on when it is back', async () => {
    const element = await mount({ 'chunk-size': String(QUANTUM) }, (el) => {
      // The connection really breaks mid-chunk while the browser says it is offline.
      el.prepare = () => ({ retry: { retries: 0 }, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'reset', afterBytes: 1000, commitBytes: 0 }]) });
    });
    const file = patternFile(3 * QUANTUM, 'commute.bin');
    element.addEventListener('upload-progress', () => (online = false), { once: true });
    const success = nextEvent(element, 'upload-success');
    const [item] = element.addFiles([file]);
    await reachStatus(element, item!, 'offline');
    const row = await rowOf(element, item!);
    expect(row.querySelector('[part=status]')?.textContent).toBe('Offline, waiting for the network');
    expect(row.querySelector('[data-action=pause]')).not.toBeNull();
    online = true;
    window.dispatchEvent(new Event('online'));
    await expectStored((await success).detail.result, file);
  });
});

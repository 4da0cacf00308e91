// `resumable-upload/svelte` in Svelte 5: a component renders a queue through `uploadsStore` (`$uploads`),
// the real engine uploads to the reference server, and the rendered counts and statuses follow the queue.
import { flushSync, mount, unmount } from 'svelte';
import { compile } from 'svelte/compiler';
import * as svelteRuntime from 'svelte/internal/client';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadQueue } from '../../../src/queue.ts';
import { uploadsStore } from '../../../src/svelte.ts';
import { expectStored } from '../support/expect-stored.ts';
import { patternFile } from '../support/files.ts';
import { endpoint } from '../support/server.ts';
import { countSubscriptions } from './subscriptions.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** The list as a page would write it: counts, then each file's name and status. */
const source = `<script>
  let { uploads } = $props();
</script>

<p>{$uploads.tally.done} of {$uploads.tally.files} done, {$uploads.tally.rejected} rejected</p>
<ul>
  {#each $uploads.items as item (item.id)}
    <li>{item.file.name} {item.status}</li>
  {/each}
</ul>`;

/** Compiled here (the test setup has no Svelte plugin) and linked to the Svelte runtime this page loaded. */
function compileSvelte(code: string): Parameters<typeof mount>[0] {
  const { js } = compile(code, { generate: 'client', filename: 'Uploads.svelte' });
  const body = js.code.replace(/^import .*$/gm, '').replace('export default function', 'return function');
  return new Function('$', body)(svelteRuntime);
}

describe('uploadsStore (Svelte 5)', () => {
  it('renders the queue, again as files are added, upload and finish; stops listening on unmount', async () => {
    const queue = new UploadQueue({ endpoint: endpoint(), maxFileSize: 2000 });
    cleanups.push(() => queue.cancelAll());
    const subscriptions = countSubscriptions(queue);
    const host = document.body.appendChild(document.createElement('div'));
    cleanups.push(() => host.remove());
    let mounted: Record<string, unknown> | undefined = mount(compileSvelte(source), { target: host, props: { uploads: uploadsStore(queue) } });
    cleanups.push(() => void (mounted && unmount(mounted)));
    flushSync();
    const text = () => host.querySelector('p')!.textContent;
    const rows = () => [...host.querySelectorAll('li')].map((li) => li.textContent);
    expect(text()).toBe('0 of 0 done, 0 rejected');
    expect(subscriptions.active()).toBe(1);

    queue.add([patternFile(1000, 'svelte-a.bin'), patternFile(10, 'svelte-b.bin'), patternFile(5000, 'svelte-big.bin')]);
    flushSync();
    // Rendered at once: every file listed, the one too large rejected.
    expect(rows().map((row) => row!.split(' ')[0])).toEqual(['svelte-a.bin', 'svelte-b.bin', 'svelte-big.bin']);
    expect(rows()[2]).toBe('svelte-big.bin rejected');
    await expect.poll(text, { timeout: 15_000 }).toBe('2 of 2 done, 1 rejected');
    expect(rows()).toEqual(['svelte-a.bin done', 'svelte-b.bin done', 'svelte-big.bin rejected']);
    // Stored on the server, byte for byte.
    for (const item of queue.items.slice(0, 2)) await expectStored(item.result!, item.file);

    await unmount(mounted);
    mounted = undefined;
    expect(subscriptions.active()).toBe(0);
    expect(subscriptions.ever()).toBe(1);
  });
});

// `resumable-upload/vue` in Vue 3: a component renders a queue through `useUploads`, the real engine
// uploads to the reference server, and the rendered counts and statuses follow the queue.
import { createApp, defineComponent, h, nextTick, type App } from 'vue';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadQueue } from '../../../src/queue.ts';
import { useUploads } from '../../../src/vue.ts';
import { expectStored } from '../support/expect-stored.ts';
import { patternFile } from '../support/files.ts';
import { endpoint } from '../support/server.ts';
import { countSubscriptions } from './subscriptions.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** The list as a page would write it: counts, then each file's name and status. */
const Uploads = defineComponent({
  props: { queue: { type: UploadQueue, required: true } },
  setup(props) {
    const uploads = useUploads(props.queue);
    return () => {
      const { items, tally } = uploads.value;
      return h('section', [
        h('p', `${tally.done} of ${tally.files} done, ${tally.rejected} rejected`),
        h('ul', items.map((item) => h('li', { key: item.id }, `${item.file.name} ${item.status}`))),
      ]);
    };
  },
});

/** Mounts the component (Vue's warnings fail the test); `unmount()` once, by the test or after it. */
function mount(queue: UploadQueue): { host: HTMLElement; unmount: () => void } {
  const host = document.body.appendChild(document.createElement('div'));
  const app: App = createApp(Uploads, { queue });
  app.config.warnHandler = (message) => {
    throw new Error(message);
  };
  app.mount(host);
  let mounted = true;
  const unmount = () => {
    if (mounted) app.unmount();
    mounted = false;
    host.remove();
  };
  cleanups.push(unmount);
  return { host, unmount };
}

describe('useUploads (Vue 3)', () => {
  it('renders the queue, again as files are added, upload and finish; stops listening on unmount', async () => {
    const queue = new UploadQueue({ endpoint: endpoint(), maxFileSize: 2000 });
    cleanups.push(() => queue.cancelAll());
    const subscriptions = countSubscriptions(queue);
    const { host, unmount } = mount(queue);
    const text = () => host.querySelector('p')!.textContent;
    const rows = () => [...host.querySelectorAll('li')].map((li) => li.textContent);
    expect(text()).toBe('0 of 0 done, 0 rejected');
    expect(subscriptions.active()).toBe(1);

    queue.add([patternFile(1000, 'vue-a.bin'), patternFile(10, 'vue-b.bin'), patternFile(5000, 'vue-big.bin')]);
    await nextTick();
    // Rendered in the same tick as the add: every file listed, the one too large rejected.
    expect(rows().map((row) => row!.split(' ')[0])).toEqual(['vue-a.bin', 'vue-b.bin', 'vue-big.bin']);
    expect(rows()[2]).toBe('vue-big.bin rejected');
    await expect.poll(text, { timeout: 15_000 }).toBe('2 of 2 done, 1 rejected');
    expect(rows()).toEqual(['vue-a.bin done', 'vue-b.bin done', 'vue-big.bin rejected']);
    // Stored on the server, byte for byte.
    for (const item of queue.items.slice(0, 2)) await expectStored(item.result!, item.file);

    unmount();
    expect(subscriptions.active()).toBe(0);
    expect(subscriptions.ever()).toBe(1);
  });
});

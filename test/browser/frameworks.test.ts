// The element inside React 19, Vue 3 and Svelte 5, used as the README's Frameworks section shows:
// options as properties (functions included), the upload-* events as listeners.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { mount as mountSvelte, unmount as unmountSvelte } from 'svelte';
import { compile } from 'svelte/compiler';
import * as svelteRuntime from 'svelte/internal/client';
import { createApp, h, type App } from 'vue';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/element.ts';
import { UploadQueue } from '../../src/queue.ts';
import { useUploads } from '../../src/react.ts';
import type { ResumableUploadElement, UploadSuccessEvent } from '../../src/element.ts';
import { patternFile } from './support/files.ts';
import { endpoint } from './support/server.ts';
import { until } from '../support/until.ts';
import { countSubscriptions } from './queue/subscriptions.ts';
import svelteExample from '../../examples/svelte/Uploader.svelte?raw';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function container(): HTMLElement {
  const div = document.body.appendChild(document.createElement('div'));
  cleanups.push(() => div.remove());
  return div;
}

/** Adds a file to the rendered element and waits for its upload-success, heard by the framework's listener. */
async function uploadThrough(host: HTMLElement, successes: UploadSuccessEvent[]): Promise<ResumableUploadElement> {
  const element = host.querySelector('resumable-upload')!;
  await element.updateComplete;
  element.addFiles([patternFile(1000, 'framework.bin')]);
  await until(() => successes.length > 0, 'upload-success');
  expect(successes).toHaveLength(1);
  return element;
}

/**
 * The Svelte example, compiled here (the test setup has no Svelte plugin) and linked to the Svelte
 * runtime this page loaded. The example's `import 'resumable-upload'` is this file's own import.
 */
function compileSvelte(source: string): Parameters<typeof mountSvelte>[0] {
  const { js } = compile(source, { generate: 'client', filename: 'Uploader.svelte' });
  const body = js.code.replace(/^import .*$/gm, '').replace('export default function', 'return function');
  return new Function('$', body)(svelteRuntime);
}

describe('<resumable-upload> in frameworks', () => {
  it('React 19: props become properties (functions too) and onupload-* props listen to the events', async () => {
    const successes: UploadSuccessEvent[] = [];
    const progress: number[] = [];
    const headers = () => ({ 'X-Framework': 'react' });
    const host = container();
    const root: Root = createRoot(host);
    cleanups.push(() => root.unmount());
    flushSync(() =>
      root.render(
        createElement('resumable-upload', {
          endpoint: endpoint(),
          headers,
          metadata: (file: File) => ({ name: `react-${file.name}` }),
          multiple: true,
          'onupload-progress': (event: CustomEvent<{ bytesCommitted: number }>) => progress.push(event.detail.bytesCommitted),
          'onupload-success': (event: UploadSuccessEvent) => successes.push(event),
        }),
      ),
    );
    const element = await uploadThrough(host, successes);
    expect(element.headers).toBe(headers);
    expect(element.multiple).toBe(true);
    expect(progress.at(-1)).toBe(1000);
    expect((successes[0]!.detail.result.body as { name: string }).name).toBe('react-framework.bin');
  });

  it('React 19: useUploads renders a queue, and again as its files change', async () => {
    const queue = new UploadQueue({ endpoint: endpoint() });
    cleanups.push(() => queue.cancelAll());
    const subscriptions = countSubscriptions(queue);
    function Uploads() {
      const { items, tally } = useUploads(queue);
      return createElement(
        'section',
        null,
        createElement('p', null, `${tally.done} of ${tally.files} done`),
        createElement('ul', null, ...items.map((item) => createElement('li', { key: item.id }, `${item.file.name} ${item.status}`))),
      );
    }
    const host = container();
    const root: Root = createRoot(host);
    cleanups.push(() => root.unmount());
    flushSync(() => root.render(createElement(Uploads)));
    expect(host.querySelector('p')!.textContent).toBe('0 of 0 done');
    queue.add([patternFile(1000, 'react-a.bin'), patternFile(10, 'react-b.bin')]);
    await until(() => host.querySelector('p')!.textContent === '2 of 2 done', () => `"2 of 2 done" (it says "${host.querySelector('p')!.textContent}")`);
    expect([...host.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['react-a.bin done', 'react-b.bin done']);
    expect(subscriptions.active()).toBe(1);
    root.unmount();
    expect(subscriptions.active()).toBe(0);
  });

  it('Vue 3: h() sets properties and onUploadSuccess listens to upload-success', async () => {
    const successes: UploadSuccessEvent[] = [];
    const headers = () => ({ 'X-Framework': 'vue' });
    const app: App = createApp({
      render: () =>
        h('resumable-upload', {
          endpoint: endpoint(),
          headers,
          metadata: (file: File) => ({ name: `vue-${file.name}` }),
          onUploadSuccess: (event: UploadSuccessEvent) => successes.push(event),
        }),
    });
    app.config.warnHandler = (message) => {
      throw new Error(message);
    };
    const host = container();
    app.mount(host);
    cleanups.push(() => app.unmount());
    const element = await uploadThrough(host, successes);
    expect(element.headers).toBe(headers);
    expect((successes[0]!.detail.result.body as { name: string }).name).toBe('vue-framework.bin');
  });

  it('Svelte 5: examples/svelte sets headers as a property and onupload-success listens', async () => {
    const host = container();
    const getAccessToken = async () => 'svelte-token';
    const component = mountSvelte(compileSvelte(svelteExample), { target: host, props: { folderId: 'folder', getAccessToken } });
    cleanups.push(() => void unmountSvelte(component));
    const element = host.querySelector('resumable-upload')!;
    expect(element.headers).toBeTypeOf('function');
    expect(await (element.headers as () => Promise<Record<string, string>>)()).toEqual({ Authorization: 'Bearer svelte-token' });
    expect(element.multiple).toBe(true);
    element.endpoint = endpoint(); // the example points at Drive
    await element.updateComplete;
    element.addFiles([patternFile(1000, 'framework.bin')]);
    await until(() => host.querySelector('p')?.textContent === 'Stored: framework.bin', () => `the page says "Stored: framework.bin" (it says "${host.querySelector('p')?.textContent}")`);
  });
});

// Video rows in the built demo. What the browser itself reports (a media error, a revoked URL
// fetched) reaches the console beside the page's own messages: only an end-to-end run sees both.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flow, until } from '../support/driver.ts';
import { openDemo, uploader } from '../support/element-page.ts';

const files = path.join(import.meta.dirname, '..', '.files');
/** A real WebM (VP8, 320 × 240, 1 s), shipped: WebKit's MediaRecorder cannot record one. */
const video = path.join(import.meta.dirname, '..', '..', 'test', 'browser', 'fixtures', 'red-blue-320x240.webm');

export const thumbnailFlows = [
  flow('video rows: a frame of a real video, the icon for a video/* file that is no video, and nothing in the console', async (d) => {
    await mkdir(files, { recursive: true });
    const clip = path.join(files, 'clip.webm');
    const fake = path.join(files, 'not-a-video.webm');
    await copyFile(video, clip);
    await writeFile(fake, 'these bytes are no video at all. '.repeat(200));
    await openDemo(d);
    await d.evaluate(() => ((document.getElementById('default') as HTMLElement & { auto: boolean }).auto = false));
    await uploader(d, 'default').choose([fake, clip]);

    const thumbnail = (name: string) =>
      d.evaluate((name) => {
        const root = document.getElementById('default')!.shadowRoot!;
        const row = [...root.querySelectorAll('[part~=item]')].find((row) => row.querySelector('[part=name]')?.textContent?.includes(name));
        const box = row?.querySelector('[part~=thumbnail]');
        const before = box && getComputedStyle(box, '::before');
        // The icon of its type, drawn by CSS (a mask on the empty cell's ::before).
        const icon = before ? before.getPropertyValue('mask-image') || before.getPropertyValue('-webkit-mask-image') : '';
        return { img: box?.querySelector('img')?.getAttribute('src') ?? null, icon: icon.startsWith('url(') };
      }, name);
    await until(() => thumbnail('clip.webm'), ({ img }) => /^blob:/.test(img ?? ''), 'a frame of the clip');
    d.expect(await until(() => thumbnail('not-a-video.webm'), ({ icon }) => icon, 'the icon of the fake video')).toEqual({ img: null, icon: true });
    d.expect(await d.reported()).toEqual([]);
  }),
];

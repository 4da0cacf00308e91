// Thumbnails of videos, from a real WebM video (test/browser/fixtures), in every engine.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, rowOf } from './support/fixture.ts';
import { colourAt, iconOf, loads, near, videoFile, thumbnailOf, watchObjectUrls } from './support/thumbnails.ts';
import { until } from '../../support/until.ts';

describe('<resumable-upload> thumbnails of videos', () => {
  it("shows a frame of a real video, made from a detached video's object URL that is revoked once drawn, one video at a time", async () => {
    const watch = watchObjectUrls();
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      const videos = await Promise.all(['a.webm', 'b.webm', 'c.webm'].map((name) => videoFile(name)));
      const items = element.addFiles(videos);
      for (const item of items) {
        const image = await thumbnailOf(element, item);
        expect(image?.src, item.file.name).toMatch(/^blob:/);
        await image!.decode();
        expect(image!.naturalHeight).toBe(96); // scaled while drawn, not the 240 px video
        expect(image!.naturalWidth).toBe(128);
        // The video's own picture: blue top left, red bottom right.
        expect(near(await colourAt(image!, 20, 20), [0x29, 0x80, 0xb9]), String(await colourAt(image!, 20, 20))).toBe(true);
        expect(near(await colourAt(image!, 110, 80), [0xc0, 0x39, 0x2b]), String(await colourAt(image!, 110, 80))).toBe(true);
        // The video was read from an object URL of its file, revoked once its frame was taken.
        const urls = watch.of(item.file);
        expect(urls.length).toBeGreaterThan(0);
        expect(urls.every(({ revoked }) => revoked)).toBe(true);
      }
      expect(watch.mostVideosAlive).toBe(1);
      await expectNoAxeViolations(element);

      const url = (await thumbnailOf(element, items[0]!))!.src;
      items[0]!.remove();
      await element.updateComplete;
      await element.updateComplete;
      expect(await loads(url)).toBe(false);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      watch.restore();
    }
  });

  it('keeps the icon, quietly, for a video/* file that is no video and for a video type the browser cannot play', async () => {
    const watch = watchObjectUrls();
    const failures: unknown[] = [];
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => failures.push('reason' in event ? event.reason : event.error);
    addEventListener('error', onError);
    addEventListener('unhandledrejection', onError);
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      const notVideo = new File([new TextEncoder().encode('these bytes are no video at all. '.repeat(200))], 'clip.webm', { type: 'video/webm' });
      const unplayable = new File([new Uint8Array(64)], 'clip.xyz', { type: 'video/x-no-such-format' });
      const [fake, unknown, real] = element.addFiles([notVideo, unplayable, await videoFile('real.webm')]);
      expect(await thumbnailOf(element, real!)).not.toBeNull();
      // The file that is no video was tried, and its URL revoked once the browser refused it.
      const triedAndRevoked = () => watch.of(notVideo).length > 0 && watch.of(notVideo).every(({ revoked }) => revoked);
      await until(triedAndRevoked, 'the file that is no video tried, its URL revoked');
      for (const item of [fake!, unknown!]) {
        const cell = (await rowOf(element, item)).querySelector('[part~=thumbnail]')!;
        expect(cell.querySelector('img'), item.file.name).toBeNull();
        expect((await iconOf(cell))?.family, item.file.name).toBe('video');
      }
      // A type the browser says it cannot play is not even loaded.
      expect(watch.of(unplayable)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
      expect(failures).toEqual([]);
    } finally {
      watch.restore();
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onError);
    }
  });

  it('gives up on a video that shows no frame in time, still revoking its URL, and loads one video at a time', async () => {
    const { videoFrame } = await import('../../../src/element/thumbnails/video-frame.ts');
    const watch = watchObjectUrls();
    try {
      const video = await videoFile('slow.webm');
      expect(await videoFrame(video, 96, 1)).toBeUndefined();
      expect(watch.of(video)).toHaveLength(1);
      expect(watch.of(video)[0]!.revoked).toBe(true);
      // The same file with time to show its frame: the timeout was the reason.
      const bitmap = await videoFrame(video, 96);
      expect([bitmap?.width, bitmap?.height]).toEqual([128, 96]);
      bitmap?.close();
      // Asked for at once (rows coming on screen one scroll after another), videos still load one at a time.
      const frames = await Promise.all([videoFrame(video, 96), videoFrame(video, 48), videoFrame(video, 24)]);
      expect(frames.map((frame) => frame?.height)).toEqual([96, 48, 24]);
      expect(watch.mostVideosAlive).toBe(1);
      expect(watch.of(video).every(({ revoked }) => revoked)).toBe(true);
    } finally {
      watch.restore();
    }
  });
});

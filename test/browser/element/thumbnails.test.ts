import { describe, expect, it } from 'vitest';
import type { ResumableUploadElement, UploadItem } from '../../../src/element.ts';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, rowOf, scrollToRow } from './support/fixture.ts';

/** A real PNG of `width` × `height`, drawn and encoded by the browser. */
async function pngFile(name: string, width = 640, height = 480): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#c0392b';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#2980b9';
  context.fillRect(0, 0, width / 2, height / 2);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/**
 * A real WebM video of `width` × `height` (red, its top left quarter blue), recorded by the browser from
 * a canvas (MediaRecorder, which Chromium and Firefox both record and play): no fixture file.
 */
async function recordedVideo(name: string, width = 320, height = 240, ms = 500): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const paint = () => {
    context.fillStyle = '#c0392b';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#2980b9';
    context.fillRect(0, 0, width / 2, height / 2);
  };
  paint();
  const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
  // A canvas stream sends a frame when the canvas is painted.
  const painter = setInterval(paint, 30);
  recorder.start(100);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
  recorder.stop();
  await stopped;
  clearInterval(painter);
  return new File(chunks, name, { type: 'video/webm' });
}

/** The colour at (x, y) of a loaded picture, as `[r, g, b]`. */
async function colourAt(image: HTMLImageElement, x: number, y: number): Promise<number[]> {
  await image.decode();
  const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

const near = (colour: number[], expected: number[]) => colour.every((value, i) => Math.abs(value - expected[i]!) <= 40);

/**
 * Watches the page's object URLs (calling through to the real ones): which were made of which blob,
 * which are revoked, and the most made of video files alive at once.
 */
function watchObjectUrls() {
  const { createObjectURL, revokeObjectURL } = URL;
  const made = new Map<string, Blob | MediaSource>();
  const revoked = new Set<string>();
  let videosAlive = 0;
  let mostVideosAlive = 0;
  const isVideo = (source: Blob | MediaSource | undefined) => source instanceof Blob && source.type.startsWith('video/');
  URL.createObjectURL = (source: Blob | MediaSource) => {
    const url = createObjectURL(source);
    made.set(url, source);
    if (isVideo(source)) mostVideosAlive = Math.max(mostVideosAlive, ++videosAlive);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    if (isVideo(made.get(url)) && !revoked.has(url)) videosAlive--;
    revoked.add(url);
    revokeObjectURL(url);
  };
  const errors: unknown[][] = [];
  const { error } = console;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    error(...args);
  };
  return {
    /** The object URLs made and not revoked. */
    alive: () => [...made.keys()].filter((url) => !revoked.has(url)),
    /** The object URLs made of this file, and whether each is revoked. */
    of: (file: Blob) => [...made].filter(([, source]) => source === file).map(([url]) => ({ url, revoked: revoked.has(url) })),
    get mostVideosAlive() {
      return mostVideosAlive;
    },
    consoleErrors: errors,
    restore() {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      console.error = error;
    },
  };
}

async function thumbnailOf(element: ResumableUploadElement, item: UploadItem, timeoutMs = 5000): Promise<HTMLImageElement | null> {
  const started = performance.now();
  for (;;) {
    const image = (await rowOf(element, item)).querySelector<HTMLImageElement>('[part~=thumbnail] img');
    if (image || performance.now() - started > timeoutMs) return image;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Fetched, not drawn: Firefox draws a revoked picture from its image cache.
const loads = (url: string) => fetch(url).then(
  () => true,
  () => false,
);

describe('<resumable-upload> thumbnails', () => {
  it('shows a small picture of an image, a file-type icon for the rest, and revokes the picture when the row goes', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const [photo, notes] = element.addFiles([await pngFile('photo.png'), patternFile(10, 'notes.txt', 'text/plain')]);
    const image = await thumbnailOf(element, photo!);
    expect(image?.src).toMatch(/^blob:/);
    expect(image!.alt).toBe(''); // decorative: the row is named by the file
    await image!.decode();
    expect(image!.naturalHeight).toBe(96); // made small, not the 480 px original
    expect(image!.naturalWidth).toBe(128);
    const icon = (await rowOf(element, notes!)).querySelector('[part~=thumbnail]')!;
    expect(icon.querySelector('img')).toBeNull();
    expect(icon.querySelector('svg')).not.toBeNull();
    await expectNoAxeViolations(element);

    const url = image!.src;
    expect(await loads(url)).toBe(true);
    photo!.remove();
    await element.updateComplete;
    await element.updateComplete;
    expect(await loads(url)).toBe(false);
  });

  it('makes pictures only for rows on screen', async () => {
    const element = await mount({ multiple: true, auto: 'false' }, (el) => {
      el.style.display = 'block';
      el.style.blockSize = '300px';
      el.style.overflow = 'auto';
    });
    const files = await Promise.all(Array.from({ length: 30 }, (_, i) => pngFile(`photo-${i}.png`, 64, 48)));
    const items = element.addFiles(files);
    expect(await thumbnailOf(element, items[0]!)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const last = await rowOf(element, items.at(-1)!);
    expect(last.querySelector('[part~=thumbnail] img')).toBeNull();
    last.scrollIntoView();
    expect(await thumbnailOf(element, items.at(-1)!)).not.toBeNull();
  });

  it("shows a frame of a real video, made from a detached video's object URL that is revoked once drawn, one video at a time", async () => {
    const watch = watchObjectUrls();
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      const videos = await Promise.all(['a.webm', 'b.webm', 'c.webm'].map((name) => recordedVideo(name)));
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
      const [fake, unknown, real] = element.addFiles([notVideo, unplayable, await recordedVideo('real.webm')]);
      expect(await thumbnailOf(element, real!)).not.toBeNull();
      // The file that is no video was tried, and its URL revoked once the browser refused it.
      const triedAndRevoked = () => watch.of(notVideo).length > 0 && watch.of(notVideo).every(({ revoked }) => revoked);
      for (let i = 0; i < 250 && !triedAndRevoked(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(triedAndRevoked()).toBe(true);
      for (const item of [fake!, unknown!]) {
        const cell = (await rowOf(element, item)).querySelector('[part~=thumbnail]')!;
        expect(cell.querySelector('img'), item.file.name).toBeNull();
        expect(cell.querySelector('svg'), item.file.name).not.toBeNull();
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
      const video = await recordedVideo('slow.webm');
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

  it('keeps the icon for an image the browser cannot decode', async () => {
    const element = await mount({ auto: 'false' });
    const [broken] = element.addFiles([new File([new Uint8Array([1, 2, 3, 4])], 'broken.png', { type: 'image/png' })]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cell = (await rowOf(element, broken!)).querySelector('[part~=thumbnail]')!;
    expect(cell.querySelector('img')).toBeNull();
    expect(cell.querySelector('svg')).not.toBeNull();
  });
});

describe('<resumable-upload> thumbnails in a long list', () => {
  it('revokes the picture of a row scrolled out of the rows rendered, and makes it again when it comes back', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = await Promise.all(Array.from({ length: 300 }, (_, i) => pngFile(`photo-${i}.png`, 64, 48)));
    const items = element.addFiles(files);
    const first = await thumbnailOf(element, items[0]!);
    const url = first!.src;
    expect(await loads(url)).toBe(true);
    // Far down: the first row leaves the page, its picture with it; the rows there get theirs.
    expect(await thumbnailOf(element, items[280]!)).not.toBeNull();
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector(`li[data-item="${items[0]!.id}"]`)).toBeNull();
    expect(await loads(url)).toBe(false);
    const made = element.shadowRoot!.querySelectorAll('[part~=thumbnail] img').length;
    expect(made).toBeLessThan(40);
    scrollTo(0, 0);
    const again = await thumbnailOf(element, items[0]!);
    expect(again?.src).toMatch(/^blob:/);
    expect(again!.src).not.toBe(url);
  });

  it('keeps one picture of a row that left and came back while its first was being made, and revokes the other', async () => {
    const urls = watchObjectUrls();
    // Each decode waits until the test lets it go: the row leaves and comes back meanwhile.
    const decode = globalThis.createImageBitmap;
    const held: (() => void)[] = [];
    globalThis.createImageBitmap = (async (...args: Parameters<typeof decode>) => {
      await new Promise<void>((resolve) => held.push(resolve));
      return decode(...args);
    }) as typeof decode;
    const until = async (done: () => boolean) => {
      for (let tries = 0; !done(); tries++) {
        if (tries > 250) throw new Error('waited 5 s in vain');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      const others = Array.from({ length: 299 }, (_, i) => patternFile(10, `notes-${i}.txt`, 'text/plain'));
      const [photo] = element.addFiles([await pngFile('photo.png', 64, 48), ...others]);
      await rowOf(element, photo!);
      await until(() => held.length === 1);
      await scrollToRow(element, 280);
      await until(() => !element.shadowRoot!.querySelector(`li[data-item="${photo!.id}"]`));
      scrollTo(0, 0);
      await rowOf(element, photo!);
      await until(() => held.length === 2);
      for (const release of held) release();
      const image = await thumbnailOf(element, photo!);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the second picture is done too
      expect(urls.alive()).toEqual([image!.src]);
    } finally {
      globalThis.createImageBitmap = decode;
      urls.restore();
    }
  });
});

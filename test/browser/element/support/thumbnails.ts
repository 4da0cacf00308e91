// Pictures and videos for the thumbnail tests, made by the browser, and watches on what the element does with them.
import type { ResumableUploadElement, UploadItem } from '../../../../src/element.ts';
import { until } from '../../../support/until.ts';
import { rowOf } from './fixture.ts';

/**
 * The file-type icon a thumbnail cell shows, once the icons have loaded (with the first row): its
 * family, its colour and its picture (a CSS mask on the cell's ::before); undefined while the cell
 * shows a picture of the file instead.
 */
export async function iconOf(cell: Element): Promise<{ family: string; colour: string; mask: string } | undefined> {
  const family = () => getComputedStyle(cell).getPropertyValue('--_family').trim();
  await until(family, 'the icons loaded (the cell names its family)', 10);
  const before = getComputedStyle(cell, '::before');
  const mask = before.maskImage || before.getPropertyValue('-webkit-mask-image');
  if (cell.querySelector('img') || before.content === 'none' || !mask || mask === 'none') return undefined;
  return { family: family(), colour: getComputedStyle(cell).color, mask };
}

/** A real PNG of `width` × `height`, drawn and encoded by the browser. */
export async function pngFile(name: string, width = 640, height = 480): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#c0392b';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#2980b9';
  context.fillRect(0, 0, width / 2, height / 2);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/**
 * A real WebM video (VP8, 320 × 240, red with its top left quarter blue, 1 s), as a file named `name`.
 * Recorded once in Chromium by MediaRecorder from a painted canvas; shipped as a file because WebKit's
 * MediaRecorder cannot record WebM, though all three engines play it.
 */
export async function videoFile(name: string): Promise<File> {
  const answer = await fetch(new URL('../../fixtures/red-blue-320x240.webm', import.meta.url));
  return new File([await answer.blob()], name, { type: 'video/webm' });
}

/** The colour at (x, y) of a loaded picture, as `[r, g, b]`. */
export async function colourAt(image: HTMLImageElement, x: number, y: number): Promise<number[]> {
  await image.decode();
  const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

export const near = (colour: number[], expected: number[]) => colour.every((value, i) => Math.abs(value - expected[i]!) <= 40);

/**
 * Watches the page's object URLs (calling through to the real ones): which were made of which blob,
 * which are revoked, and the most made of video files alive at once.
 */
export function watchObjectUrls() {
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

/** The item's thumbnail, once drawn. */
export async function thumbnailOf(element: ResumableUploadElement, item: UploadItem): Promise<HTMLImageElement> {
  return until(async () => (await rowOf(element, item)).querySelector<HTMLImageElement>('[part~=thumbnail] img'), `a thumbnail of ${item.file.name}`);
}

// Fetched, not drawn: Firefox draws a revoked picture from its image cache.
export const loads = (url: string) => fetch(url).then(
  () => true,
  () => false,
);

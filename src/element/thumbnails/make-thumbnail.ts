/** The thumbnail's height in pixels: twice its CSS size, for sharp screens. */
const HEIGHT = 96;

/**
 * A small picture of an image file, or of a frame near a video's start, as an object URL; undefined
 * when the browser cannot decode it (HEIC, a codec it lacks, a broken file). `createImageBitmap`
 * decodes and scales in one step off the main thread (the width follows the aspect ratio), and the
 * canvas encodes off it too (`convertToBlob`): a folder of photos does not freeze the page. The video
 * code loads with the first video.
 */
export async function makeThumbnail(file: File): Promise<string | undefined> {
  try {
    const bitmap = file.type.startsWith('video/')
      ? await import('./video-frame.ts').then(({ videoFrame }) => videoFrame(file, HEIGHT))
      : await createImageBitmap(file, { resizeHeight: HEIGHT, resizeQuality: 'medium' });
    if (!bitmap) return undefined;
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
  } catch {
    return undefined; // the file-type icon stays
  }
}

/** The thumbnail's height in pixels: twice its CSS size, for sharp screens. */
const HEIGHT = 96;

/**
 * A small picture of an image file as an object URL, or undefined when the browser cannot decode it
 * (HEIC, a broken file). `createImageBitmap` decodes and scales in one step off the main thread (the
 * width follows the aspect ratio), and the canvas encodes off it too (`convertToBlob`): a folder of
 * photos does not freeze the page.
 */
export async function makeThumbnail(file: File): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(file, { resizeHeight: HEIGHT, resizeQuality: 'medium' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
  } catch {
    return undefined; // the file-type icon stays
  }
}

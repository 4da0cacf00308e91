import type { Edit } from './edit-geometry.ts';
import { shownSize } from './edit-geometry.ts';

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Draws the image as edited: turned, mirrored, at `scale`, its point `origin` (as shown) at the
 * canvas's top left. The whole image for the preview, the kept area alone for the saved file.
 */
export function drawEdit(context: Context, image: CanvasImageSource, width: number, height: number, edit: Edit, scale: number, origin = { x: 0, y: 0 }): void {
  const [shownWidth, shownHeight] = shownSize(edit, width, height);
  const { rotation } = edit;
  context.setTransform(scale, 0, 0, scale, -origin.x * scale, -origin.y * scale);
  if (edit.flipX) context.transform(-1, 0, 0, 1, shownWidth, 0);
  if (edit.flipY) context.transform(1, 0, 0, -1, 0, shownHeight);
  // A quarter turn clockwise takes (x, y) to (height − y, x): turned about the origin, then moved back into view.
  context.translate(rotation === 90 ? height : rotation === 180 ? width : 0, rotation === 180 ? height : rotation === 270 ? width : 0);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, 0, 0, width, height);
}

/** JPEG and WebP are written at this quality: close to the camera's own, not much larger. */
const QUALITY = 0.92;

/**
 * The kept area as a new file of the same name and type. A browser that cannot write the type
 * (WebKit writes no WebP) gives PNG: the name then ends in `.png`, so name and bytes agree.
 */
export async function editedFile(file: File, image: CanvasImageSource, width: number, height: number, edit: Edit): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = edit.crop.width;
  canvas.height = edit.crop.height;
  const context = canvas.getContext('2d')!;
  drawEdit(context, image, width, height, edit, 1, edit.crop);
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, file.type, QUALITY));
  if (!blob) throw new Error(`The browser could not write the edited image of ${file.name}`);
  const name = blob.type === file.type ? file.name : file.name.replace(/(\.[^.]*)?$/, '.png');
  return new File([blob], name, { type: blob.type });
}

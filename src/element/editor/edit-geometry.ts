/** An area of the image as shown (rotated and flipped), in its pixels. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What the person did to the image: turned by quarter turns clockwise, then mirrored (as shown),
 * and the area kept, in the pixels of the image as shown.
 */
export interface Edit {
  rotation: 0 | 90 | 180 | 270;
  flipX: boolean;
  flipY: boolean;
  crop: Area;
  square: boolean;
}

/** The image untouched, all of it kept. */
export const untouched = (width: number, height: number): Edit => ({ rotation: 0, flipX: false, flipY: false, crop: { x: 0, y: 0, width, height }, square: false });

/** The size of the image as shown: a quarter turn swaps its sides. */
export const shownSize = ({ rotation }: Edit, width: number, height: number): [number, number] => (rotation % 180 ? [height, width] : [width, height]);

/** A quarter turn, clockwise (`1`) or not (`-1`); the kept area turns with the image. */
export function rotate(edit: Edit, width: number, height: number, way: 1 | -1): Edit {
  const [shownWidth, shownHeight] = shownSize(edit, width, height);
  const { x, y, width: w, height: h } = edit.crop;
  const crop = way === 1 ? { x: shownHeight - y - h, y: x, width: h, height: w } : { x: y, y: shownWidth - x - w, width: h, height: w };
  // Turning a mirrored image is mirroring the turned one the other way: the flips swap.
  return { ...edit, rotation: ((edit.rotation + 90 * way + 360) % 360) as Edit['rotation'], flipX: edit.flipY, flipY: edit.flipX, crop };
}

/** Mirrors the image as shown, left to right (`'x'`) or top to bottom; the kept area with it. */
export function flip(edit: Edit, width: number, height: number, axis: 'x' | 'y'): Edit {
  const [shownWidth, shownHeight] = shownSize(edit, width, height);
  const { crop } = edit;
  return axis === 'x'
    ? { ...edit, flipX: !edit.flipX, crop: { ...crop, x: shownWidth - crop.x - crop.width } }
    : { ...edit, flipY: !edit.flipY, crop: { ...crop, y: shownHeight - crop.y - crop.height } };
}

/** The smallest side the kept area may have: a keyboard step, at least a pixel. */
export const stepOf = (shownWidth: number, shownHeight: number) => Math.max(1, Math.round(Math.max(shownWidth, shownHeight) / 50));

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/** The area moved by `dx`, `dy`, kept inside the image. */
export function moveArea(area: Area, dx: number, dy: number, shownWidth: number, shownHeight: number): Area {
  return { ...area, x: clamp(area.x + dx, 0, shownWidth - area.width), y: clamp(area.y + dy, 0, shownHeight - area.height) };
}

/**
 * The area with its edges moved: `left`, `top`, `right`, `bottom` say by how much, in pixels. Kept
 * inside the image, no smaller than `min`; a square area stays square (the larger change wins).
 */
export function moveEdges(
  area: Area,
  edges: { left?: number; top?: number; right?: number; bottom?: number },
  shownWidth: number,
  shownHeight: number,
  min: number,
  square: boolean,
): Area {
  let left = area.x + (edges.left ?? 0);
  let top = area.y + (edges.top ?? 0);
  let right = area.x + area.width + (edges.right ?? 0);
  let bottom = area.y + area.height + (edges.bottom ?? 0);
  left = clamp(left, 0, right - min);
  top = clamp(top, 0, bottom - min);
  right = clamp(right, left + min, shownWidth);
  bottom = clamp(bottom, top + min, shownHeight);
  if (square) {
    // The side follows the edge moved most, within what the image leaves on the sides that move.
    const wanted = Math.abs(right - left - area.width) >= Math.abs(bottom - top - area.height) ? right - left : bottom - top;
    const room = Math.min(edges.left !== undefined ? right : shownWidth - left, edges.top !== undefined ? bottom : shownHeight - top);
    const side = clamp(wanted, Math.min(min, room), room);
    if (edges.left !== undefined) left = right - side;
    else right = left + side;
    if (edges.top !== undefined) top = bottom - side;
    else bottom = top + side;
  }
  return { x: Math.round(left), y: Math.round(top), width: Math.round(right - left), height: Math.round(bottom - top) };
}

/** A square as large as fits in the area, at its centre. */
export function squareIn(area: Area): Area {
  const side = Math.min(area.width, area.height);
  return { x: Math.round(area.x + (area.width - side) / 2), y: Math.round(area.y + (area.height - side) / 2), width: side, height: side };
}

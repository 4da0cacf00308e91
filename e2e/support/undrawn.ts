// A screenshot that shows nothing fails its flow. WebKitGTK's WebDriver gave pictures black below
// the first screenful, and the pictures are what a person checks by eye: a blank one must not pass.
import { PNG } from 'pngjs';

/**
 * Why a PNG shows nothing, or undefined when it is drawn: every pixel one colour, or a row of the
 * image's full width in opaque black (what was never painted comes out black; no page of the demo
 * has a black that spans its width, in light, dark or forced colours).
 */
export function undrawn(file: Buffer): string | undefined {
  const png = PNG.sync.read(file);
  const { width, height, data } = png;
  if (!width || !height) return `the picture is ${width} × ${height} px`;
  if (data.every((byte, i) => byte === data[i % 4])) return `all ${width} × ${height} px are one colour (rgba ${[...data.subarray(0, 4)].join(', ')})`;
  const black: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * width * 4, (y + 1) * width * 4);
    if (row.every((byte, i) => byte === (i % 4 === 3 ? 255 : 0))) black.push(y);
  }
  if (black.length) return `${black.length} of its ${height} rows are black from edge to edge, the first at y = ${black[0]} (${width} px wide)`;
  return undefined;
}

/** Throws when the screenshot `name` is not drawn (see `undrawn`). */
export function assertDrawn(file: Buffer, name: string): void {
  const blank = undrawn(file);
  if (blank) throw new Error(`The screenshot "${name}" is not drawn: ${blank}`);
}

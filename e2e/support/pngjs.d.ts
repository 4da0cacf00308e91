// The part of pngjs (no types of its own) that the screenshots use: decode, copy a region, encode.
declare module 'pngjs' {
  /** A decoded image: RGBA, 4 bytes a pixel, row by row. */
  export interface Image {
    width: number;
    height: number;
    data: Buffer;
  }
  export class PNG implements Image {
    constructor(options: { width: number; height: number });
    width: number;
    height: number;
    data: Buffer;
    static bitblt(source: Image, destination: Image, sourceX: number, sourceY: number, width: number, height: number, destinationX: number, destinationY: number): void;
    static sync: { read(png: Buffer): Image; write(png: Image): Buffer };
  }
}

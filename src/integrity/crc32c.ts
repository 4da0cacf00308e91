// CRC-32C (Castagnoli), the checksum Cloud Storage reports as `crc32c`: reflected polynomial 0x82F63B78.
// Eight tables, eight bytes a step ("slicing-by-8"), in an Int32Array (V8 keeps its values small
// integers, where a Uint32Array's upper half would be doubles): some three times the speed of one
// table a byte, which counts when a resumed upload checks the gigabytes it sent before.
const TABLES = new Int32Array(8 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  TABLES[n] = c;
}
for (let n = 256; n < TABLES.length; n++) TABLES[n] = (TABLES[n - 256]! >>> 8) ^ TABLES[TABLES[n - 256]! & 0xff]!;

/** Feeds `bytes` into a running CRC-32C; start with 0, and the value returned is the checksum so far. */
export function crc32c(bytes: Uint8Array, previous = 0): number {
  const t = TABLES;
  let crc = ~previous;
  let i = 0;
  for (const end = bytes.length - 7; i < end; i += 8) {
    const low = crc ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    crc =
      t[1792 + (low & 0xff)]! ^
      t[1536 + ((low >>> 8) & 0xff)]! ^
      t[1280 + ((low >>> 16) & 0xff)]! ^
      t[1024 + (low >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

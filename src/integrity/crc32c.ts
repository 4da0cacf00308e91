// CRC-32C (Castagnoli), the checksum Cloud Storage reports as `crc32c`: reflected polynomial 0x82F63B78.
const TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** Feeds `bytes` into a running CRC-32C; start with 0, and the value returned is the checksum so far. */
export function crc32c(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

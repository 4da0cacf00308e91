import { UploadError } from '../errors/upload-error.ts';
import { crc32c } from '../integrity/crc32c.ts';
import { readWithin } from './read-within.ts';
import type { HeldChecksum } from './stored-upload.ts';
import { CHUNK_QUANTUM, FINGERPRINT_EDGE } from '../utils/sizes.ts';

/** Read from disk this much at a time: a few Blob reads a second, each a short task on the page. */
const READ = 4 * 1024 * 1024;

/**
 * CRC-32C of a file's first bytes, for each length a session may hold of it: every 256 KiB boundary
 * (a server commits whole quanta) and the whole file, computed once, in order, as far as asked; and
 * any other length asked for (a server may keep part of a chunk: the chunks after it start and end
 * off the boundaries), from the boundary below it.
 * Loaded only for persisted resumable uploads, when their first chunk goes or a stored session is checked.
 */
export class PrefixChecksums {
  /** `#crcs[k]`: the CRC-32C of the first min(k × 256 KiB, size) bytes. */
  readonly #crcs = [0];
  /** Lengths off the boundaries: a chunk's end is the next chunk's start. */
  readonly #between = new Map<number, Promise<number>>();
  #reading: Promise<void> = Promise.resolve();
  /** The buffer slices are read into, while no read holds it. */
  #buffer: ArrayBuffer | undefined;

  /** `readTimeoutMs`: a read of the file unanswered this long fails with `'file-unreadable'`. */
  constructor(
    private readonly file: Blob,
    private readonly readTimeoutMs = 30_000,
  ) {}

  /**
   * What a record keeps before the bytes [from, to) go: the checksum of each length the session may
   * then hold, `from` included; and, not waited for, those up to `through` already summed (a closing
   * tab's hand-off sends the rest of the file with no word more to the store).
   */
  async between(from: number, to: number, through = to): Promise<HeldChecksum[]> {
    const held: HeldChecksum[] = [];
    for (const length of lengthsBetween(from, through)) {
      const crc = length <= to ? await this.at(length) : this.#known(length);
      if (crc !== undefined) held.push([length, crc]);
      else if (length > to) break;
    }
    // Read on while this chunk is sent (twice its length, as the next is rarely larger, or up to
    // `through`), so the next one waits only for its record's write, not for its bytes to be summed.
    const ahead = Math.max(through, Math.ceil((to + 2 * (to - from)) / CHUNK_QUANTUM) * CHUNK_QUANTUM);
    this.at(Math.min(ahead, this.file.size)).catch(() => {}); // a failed read is the next caller's to see
    return held;
  }

  /**
   * The checksums to keep when the first `held` bytes of this file are those a record said its
   * session may hold (the fingerprint covers a small file whole; a longer one needs the record's
   * checksum at that length, or at the shortest longer one it kept: a server may keep part of a
   * chunk, and a longer prefix that matches holds the shorter one), undefined when not or when the
   * record cannot tell.
   */
  async verified(held: number, kept: unknown): Promise<HeldChecksum[] | undefined> {
    if (held === 0 || this.file.size <= 2 * FINGERPRINT_EDGE) return [];
    // Read from disk, so input: a crafted entry matches nothing (`at` knows no length past the file).
    let best: HeldChecksum | undefined;
    for (const pair of Array.isArray(kept) ? (kept as unknown[]) : []) {
      const [length, crc] = Array.isArray(pair) ? (pair as unknown[]) : [];
      if (typeof length === 'number' && typeof crc === 'number' && length >= held && !(best && best[0] <= length)) best = [length, crc];
    }
    return best && (await this.at(best[0])) === best[1] ? [best] : undefined;
  }

  /** The CRC-32C of the first `length` bytes; undefined for a length that is no whole number of bytes of the file. */
  async at(length: number): Promise<number | undefined> {
    if (!Number.isSafeInteger(length) || length < 0 || length > this.file.size) return undefined;
    const k = this.#index(length);
    if (k === undefined) {
      // Off the boundaries: from the one below, on over the bytes up to `length`.
      const below = length - (length % CHUNK_QUANTUM);
      let crc = this.#between.get(length);
      if (!crc) {
        crc = this.at(below).then(async (base) => crc32c(new Uint8Array(await this.#read(below, length)), base));
        this.#between.set(length, crc);
        crc.catch(() => this.#between.delete(length)); // a failed read is tried afresh by the next caller
      }
      return crc;
    }
    while (this.#crcs.length <= k) {
      this.#reading = this.#reading.then(() => this.#readOn());
      await this.#reading;
    }
    return this.#crcs[k];
  }

  /** As `at`, if summed already. */
  #known(length: number): number | undefined {
    const k = this.#index(length);
    return k === undefined ? undefined : this.#crcs[k];
  }

  #index(length: number): number | undefined {
    const { size } = this.file;
    const k = length === size ? Math.ceil(size / CHUNK_QUANTUM) : length / CHUNK_QUANTUM;
    return Number.isInteger(k) && k >= 0 && length <= size ? k : undefined;
  }

  /** Bytes [start, end) of the file (fewer at its end); none where some were due means the file changed. */
  async #read(start: number, end: number): Promise<ArrayBuffer> {
    const bytes = await readWithin(this.file.slice(start, end).arrayBuffer(), this.file, this.readTimeoutMs);
    if (bytes.byteLength === 0 && start < end) {
      throw new UploadError('file-unreadable', `The file gave no bytes at ${start} of its ${this.file.size}: it changed on disk since it was chosen.`);
    }
    return bytes;
  }

  /**
   * Bytes [start, start + READ) of the file (fewer at its end) into the one buffer every slice reuses,
   * where the engine's Blob streams are byte streams: a fresh `ArrayBuffer` a slice is garbage the
   * page's collector frees only now and then, so a large file summed while it uploads grew the page
   * by tens of MiB. The view returned is good only until the next call: the caller sums it at once.
   */
  async #readSlice(start: number): Promise<Uint8Array> {
    let reader: ReadableStreamBYOBReader;
    try {
      reader = this.file.slice(start, start + READ).stream().getReader({ mode: 'byob' });
    } catch {
      return new Uint8Array(await this.#read(start, start + READ)); // no byte streams in this engine
    }
    let buffer = this.#buffer ?? new ArrayBuffer(READ);
    this.#buffer = undefined; // detached by the reads until they give it back
    let filled = 0;
    try {
      while (filled < READ) {
        const { done, value } = await readWithin(reader.read(new Uint8Array(buffer, filled)), this.file, this.readTimeoutMs);
        if (!value) throw new Error('The file stream gave no buffer back');
        buffer = value.buffer as ArrayBuffer;
        filled += value.byteLength;
        if (done) break;
      }
    } catch (cause) {
      reader.cancel().catch(() => {});
      throw cause; // as a whole slice's read would fail
    }
    this.#buffer = buffer;
    if (filled === 0) {
      throw new UploadError('file-unreadable', `The file gave no bytes at ${start} of its ${this.file.size}: it changed on disk since it was chosen.`);
    }
    return new Uint8Array(buffer, 0, filled);
  }

  /** Reads the next slice of the file and notes the checksum at each boundary in it. */
  async #readOn(): Promise<void> {
    const { size } = this.file;
    const start = (this.#crcs.length - 1) * CHUNK_QUANTUM;
    if (start >= size) return;
    const bytes = await this.#readSlice(start);
    let crc = this.#crcs[this.#crcs.length - 1]!;
    for (let at = 0; at < bytes.length; at += CHUNK_QUANTUM) {
      crc = crc32c(bytes.subarray(at, at + CHUNK_QUANTUM), crc);
      this.#crcs.push(crc);
    }
  }
}

/** `from`, each 256 KiB boundary after it, and `to`. */
function lengthsBetween(from: number, to: number): number[] {
  const lengths = [from];
  for (let boundary = (Math.floor(from / CHUNK_QUANTUM) + 1) * CHUNK_QUANTUM; boundary < to; boundary += CHUNK_QUANTUM) lengths.push(boundary);
  if (to > from) lengths.push(to);
  return lengths;
}

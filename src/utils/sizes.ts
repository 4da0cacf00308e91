// Byte counts the layers share, and the reference server in server/ with them. This module imports
// nothing, so a lazily loaded module that takes a constant from here brings nothing else along.

/** Every chunk but the last must be a multiple of this (256 KiB); a server commits whole quanta. */
export const CHUNK_QUANTUM = 256 * 1024;

/** How much of each end of a file its fingerprint hashes: a file of two edges or less is hashed whole. */
export const FINGERPRINT_EDGE = 64 * 1024;

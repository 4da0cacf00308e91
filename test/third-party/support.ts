import { expect } from 'vitest';
import { sha256 } from '../browser/support/files.ts';

/** The emulator's own origin, for calls that must be cross-origin; see vite-plugin.ts. */
export async function emulatorOrigin(): Promise<string> {
  const response = await fetch('/__third-party/storage-emulator');
  return ((await response.json()) as { url: string }).url;
}

/** A bucket per test, so objects never mix; the emulator creates buckets on first use. */
export const newBucket = () => `bucket-${crypto.randomUUID()}`;

/** The media endpoint of a bucket, on `origin` (the page's own by default: proxied to the emulator). */
export const uploadEndpoint = (bucket: string, origin = location.origin) => `${origin}/upload/storage/v1/b/${bucket}/o`;

/** The object's bytes as the emulator serves them back from its store. */
export async function downloaded(bucket: string, name: string): Promise<Blob> {
  const response = await fetch(`/download/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}?alt=media`);
  expect(response.status, `downloading ${bucket}/${name}`).toBe(200);
  return response.blob();
}

/** The emulator stored exactly the file's bytes under that name. */
export async function expectStoredInEmulator(bucket: string, name: string, file: Blob): Promise<void> {
  const stored = await downloaded(bucket, name);
  expect(stored.size).toBe(file.size);
  expect(await sha256(stored)).toBe(await sha256(file));
}

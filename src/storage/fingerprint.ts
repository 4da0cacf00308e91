const EDGE = 64 * 1024;

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Identifies a file for an endpoint across reloads: its name, size, type and date, plus a hash of its
 * first and last 64 KiB, so another file with the same name and size is not taken for it.
 */
export async function fingerprint(file: Blob, endpoint: string | undefined): Promise<string> {
  const { name = '', lastModified = 0 } = file as Partial<File>;
  const edges = new Blob([file.slice(0, EDGE), file.slice(Math.max(EDGE, file.size - EDGE))]);
  const descriptor = new Blob([
    JSON.stringify([endpoint ?? '', name, file.size, file.type, lastModified]),
    await edges.arrayBuffer(),
  ]);
  return hex(await crypto.subtle.digest('SHA-256', await descriptor.arrayBuffer()));
}

/**
 * The page's origin when `url` is on another one, else undefined (same origin, or no page: Node).
 * Cross-origin, the browser hides every response header the server does not list in
 * `Access-Control-Expose-Headers`: a missing `Location` or `Range` may only be hidden.
 */
export function crossOriginPage(url: string): string | undefined {
  const page = globalThis.location?.origin;
  if (page === undefined) return undefined;
  return new URL(url, globalThis.location.href).origin === page ? undefined : page;
}

/** Why a header the protocol needs may be unreadable here, or '' on the same origin. */
export function exposeHeadersHint(url: string, header: 'Location' | 'Range'): string {
  const page = crossOriginPage(url);
  if (page === undefined) return '';
  return (
    ` The server is on another origin (${new URL(url).origin}) than this page (${page}), and the browser hides every ` +
    `response header the server does not list in Access-Control-Expose-Headers: it must send ` +
    `"Access-Control-Expose-Headers: Location, Range" (and X-GUploader-UploadID if it uses that header) for ${header} to be readable.`
  );
}

/**
 * Why a header the protocol needs may be unreadable here, or '' on the same origin (or with no page: Node).
 * Cross-origin, the browser hides every response header the server does not list in
 * `Access-Control-Expose-Headers`: a missing `Location` or `Range` may only be hidden.
 */
export function exposeHeadersHint(url: string, header: 'Location' | 'Range'): string {
  const page = globalThis.location?.origin;
  if (page === undefined) return '';
  const origin = new URL(url, globalThis.location.href).origin;
  if (origin === page) return '';
  return (
    ` The server is on another origin (${origin}) than this page (${page}), and the browser hides every ` +
    `response header the server does not list in Access-Control-Expose-Headers: it must send ` +
    `"Access-Control-Expose-Headers: Location, Range" (and X-GUploader-UploadID if it uses that header) for ${header} to be readable.`
  );
}

import { UpChunk } from '@mux/upchunk';
import * as tus from 'tus-js-client';
import { Upload, type UploadOptions } from '../../src/index.ts';

/** Where each contender sends its bytes; all on the page's own origin. */
export const ENDPOINTS = {
  drain: '/drain',
  reference: '/upload/bench/v1/files',
  tus: '/files/',
} as const;

/** Called each time the server confirmed that it holds bytes (its answer arrived), with how many. */
export type OnConfirmed = (bytes: number) => void;

/** Notes a moment of the upload (a state it entered, a progress event) in the run's timeline. */
export type Mark = (what: string) => void;

/** One whole-file `PUT` by `fetch`; with `slice`, of `file.slice()` (see rawXhr). */
export async function rawFetch(file: File, slice = false): Promise<void> {
  const response = await fetch(ENDPOINTS.drain, { method: 'PUT', body: slice ? file.slice() : file });
  if (!response.ok) throw new Error(`fetch PUT answered ${response.status}`);
  await response.text();
}

/**
 * One whole-file `PUT` by `XMLHttpRequest`. With `slice`, of `file.slice()` instead: the same bytes
 * as a Blob without a path on disk, which is what every chunked uploader sends.
 */
export function rawXhr(file: File, slice = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', ENDPOINTS.drain);
    xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error(`XHR PUT answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('XHR PUT failed'));
    xhr.send(slice ? file.slice() : file);
  });
}

/** Options of our engine that a bench run may set (chunks, `store`); none: the defaults. */
export type OursOptions = Pick<UploadOptions, 'chunkSize' | 'chunkTargetMs' | 'minChunkSize' | 'maxChunkSize'> & { store?: false };

/** Our engine as an application uses it: `new Upload(file, { endpoint })`. */
export async function ours(file: File, onConfirmed: OnConfirmed, mark: Mark, options: OursOptions = {}): Promise<void> {
  const upload = new Upload(file, { endpoint: ENDPOINTS.reference, ...options });
  upload.addEventListener('statechange', (event) => mark(`state ${event.detail.state}`));
  upload.addEventListener('progress', (event) => {
    mark(`progress ${event.detail.bytesCommitted}`);
    if (event.detail.bytesCommitted > 0) onConfirmed(event.detail.bytesCommitted);
  });
  const result = await upload.start();
  if (result.status !== 201) throw new Error(`ours finished with ${result.status}`);
}

/** A session on the reference server, started the way a backend would, for upchunk to fill. */
async function startSession(file: File): Promise<string> {
  const response = await fetch(`${ENDPOINTS.reference}?uploadType=resumable`, {
    method: 'POST',
    headers: { 'X-Upload-Content-Length': String(file.size), 'X-Upload-Content-Type': file.type || 'application/octet-stream' },
  });
  const location = response.headers.get('Location');
  if (response.status !== 200 || !location) throw new Error(`session start answered ${response.status}`);
  return location;
}

/** @mux/upchunk at its defaults, PUTting Content-Range chunks to a session URI. */
export async function upchunk(file: File, onConfirmed: OnConfirmed): Promise<void> {
  const endpoint = await startSession(file);
  await new Promise<void>((resolve, reject) => {
    const upload = UpChunk.createUpload({ endpoint, file });
    // Its 'progress' counts bytes sent; a chunk's success is the server's answer.
    upload.on('chunkSuccess', (event) => onConfirmed(Number(event.detail?.chunkSize ?? 0)));
    upload.on('success', () => resolve());
    upload.on('error', (event) => reject(new Error(`upchunk: ${JSON.stringify(event.detail?.message ?? event.detail)}`)));
  });
}

/** tus-js-client at its defaults against @tus/server. */
export function tusClient(file: File, onConfirmed: OnConfirmed): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: new URL(ENDPOINTS.tus, location.href).href,
      metadata: { filename: file.name },
      // Its onProgress counts bytes sent; a PATCH's answer (Upload-Offset) is what the server holds.
      onChunkComplete: (_chunk, accepted) => onConfirmed(accepted),
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
}

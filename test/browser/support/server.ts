import { inject } from 'vitest';
import type { SessionView } from '../../../server/testing/control.ts';

/** The reference server started by the global setup, on another loopback origin than the test page. */
export const serverUrl = inject('serverUrl');
/** The same server with keep-alive connections, which browsers may resend requests over. */
export const keepAliveServerUrl = inject('keepAliveServerUrl');

/** A fresh media endpoint per test, so server logs never mix. */
export function endpoint(name = crypto.randomUUID(), server = serverUrl): string {
  return `${server}/upload/test/v1/${name}`;
}

/** A session as the server's control endpoint shows it. */
export type ServerSession = SessionView;

export interface StoredFile {
  id: string;
  name: string;
  size: string;
  contentType: string;
  md5Hash: string;
  sha256: string;
  metadata: Record<string, unknown>;
}

export function uploadIdOf(sessionUri: string): string {
  const id = new URL(sessionUri).searchParams.get('upload_id');
  if (!id) throw new Error(`No upload_id in ${sessionUri}`);
  return id;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What the server saw of a session: every request, the bytes received, the bytes committed. */
export async function sessionLog(sessionUri: string): Promise<ServerSession> {
  return json(await fetch(`${new URL(sessionUri).origin}/__control/sessions/${uploadIdOf(sessionUri)}`));
}

/** What the server stored, read back from disk (not from the upload's response). */
export async function storedFile(id: string, server = serverUrl): Promise<StoredFile> {
  return json(await fetch(`${server}/__files/${id}/info`));
}

/** Faults for the session's next requests; see server/faults.ts for the kinds. */
export async function injectFaults(sessionUri: string, faults: unknown[]): Promise<void> {
  const response = await fetch(`${new URL(sessionUri).origin}/__control/sessions/${uploadIdOf(sessionUri)}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`Injecting faults failed: ${response.status}`);
}

/** Headers that make the server apply these faults to the session the request starts. */
export function faultHeaders(faults: unknown[]): Record<string, string> {
  return { 'X-Test-Faults': JSON.stringify(faults) };
}

/** Starts a session directly, as a backend would, and returns its URI. */
export async function startSessionDirectly(url: string, size: number, faults: unknown[] = []): Promise<string> {
  const response = await fetch(`${url}?uploadType=resumable`, {
    method: 'POST',
    headers: { 'X-Upload-Content-Length': String(size), ...faultHeaders(faults) },
  });
  const location = response.headers.get('Location');
  if (response.status !== 200 || !location) throw new Error(`Session start answered ${response.status}`);
  return location;
}

/**
 * A `headers` function that puts the faults on the first request only: sessions started later
 * (after a retried start, an expiry) and single-request retries are healthy.
 */
export function faultsOnce(faults: unknown[], extra: Record<string, string> = {}): () => Record<string, string> {
  let first = true;
  return () => {
    const headers = first ? { ...extra, ...faultHeaders(faults) } : extra;
    first = false;
    return headers;
  };
}

/** The objects the server keeps under `name`, read from its control endpoint: how many copies an upload made. */
export async function objectsNamed(name: string, server = serverUrl): Promise<StoredFile[]> {
  return json(await fetch(`${server}/__control/objects?name=${encodeURIComponent(name)}`));
}

/** A `headers` function that puts one list of faults on each of the first requests, one list per request. */
export function faultsPerRequest(lists: unknown[][]): () => Record<string, string> {
  let calls = 0;
  return () => {
    const faults = lists[calls++];
    return faults ? faultHeaders(faults) : {};
  };
}

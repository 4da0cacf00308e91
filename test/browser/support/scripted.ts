import { inject } from 'vitest';
import type { ScriptedAnswer, ScriptedRequest } from '../../support/scripted-server.ts';

export type { ScriptedAnswer, ScriptedRequest };

const { url: scriptedUrl, otherOriginUrl } = inject('scriptedServer');

/** A server conversation written in advance: each request to `base` takes the next answer. */
export interface Scripted {
  /** Where the script answers, e.g. `${base}/upload/files` as an endpoint; any path under it works. */
  base: string;
  /** The same script on another origin. */
  otherOrigin: string;
  /** What every request carried so far (preflights left out). */
  requests(): Promise<ScriptedRequest[]>;
}

type Urls = Pick<Scripted, 'base' | 'otherOrigin'>;

/** Scripts the answers; a function gets the script's URLs first (for a `Location` that points back into it). */
export async function script(answers: ScriptedAnswer[] | ((urls: Urls) => ScriptedAnswer[])): Promise<Scripted> {
  const id = crypto.randomUUID();
  const urls: Urls = { base: `${scriptedUrl}/${id}`, otherOrigin: `${otherOriginUrl}/${id}` };
  const list = typeof answers === 'function' ? answers(urls) : answers;
  const response = await fetch(`${scriptedUrl}/__script/${id}`, { method: 'POST', body: JSON.stringify(list) });
  if (!response.ok) throw new Error(`Scripting the server failed: ${response.status}`);
  return { ...urls, requests: async () => (await (await fetch(`${scriptedUrl}/__script/${id}`)).json()) as ScriptedRequest[] };
}

/** A `308` confirming the first `bytes` bytes (none: no Range header, as the protocol says). */
export const incomplete = (bytes: number): ScriptedAnswer =>
  bytes === 0 ? { status: 308 } : { status: 308, headers: { Range: `bytes=0-${bytes - 1}` } };

/** No answer ever, to the request or to its preflight (see `ScriptedAnswer.hold`). */
export const held = (hold: 'request' | 'preflight'): ScriptedAnswer => ({ status: 0, hold });

/** A session start's `200` whose `Location` is the session `sessionOf(urls)`. */
export const sessionStarted = (urls: Urls): ScriptedAnswer => ({ status: 200, headers: { Location: sessionOf(urls) } });
export const sessionOf = ({ base }: Pick<Urls, 'base'>): string => `${base}/session?upload_id=scripted`;

/** The `Content-Range` of each request, e.g. `PUT bytes 0-262143/786432`. */
export const conversation = (requests: ScriptedRequest[]): string[] =>
  requests.map((r) => `${r.method} ${r.headers['content-range'] ?? r.url}`);

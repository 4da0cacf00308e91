import { transportChunk } from '../../src/transport/default-client.ts';
import { ours, rawFetch, rawXhr, tusClient, upchunk, type Mark, type OnConfirmed, type OursOptions } from './contenders.ts';

export type ContenderCall =
  | { kind: 'raw-fetch'; slice?: boolean }
  | { kind: 'raw-xhr'; slice?: boolean }
  | { kind: 'ours'; options?: OursOptions }
  | { kind: 'upchunk' }
  | { kind: 'tus' };

function chosenFile(): File {
  const file = document.querySelector<HTMLInputElement>('#file')?.files?.[0];
  if (!file) throw new Error('No file chosen in #file');
  return file;
}

function run(call: ContenderCall, file: File, onConfirmed: OnConfirmed, mark: Mark): Promise<void> {
  switch (call.kind) {
    case 'raw-fetch':
      return rawFetch(file, call.slice);
    case 'raw-xhr':
      return rawXhr(file, call.slice);
    case 'ours':
      return ours(file, onConfirmed, mark, call.options);
    case 'upchunk':
      return upchunk(file, onConfirmed);
    case 'tus':
      return tusClient(file, onConfirmed);
  }
}

export interface Outcome {
  bytes: number;
  /** From the call (the click) to the final answer. */
  ms: number;
  /** From the call to the first answer saying the server holds bytes (a raw PUT's is its only one). */
  firstConfirmedMs: number;
  /** What happened when, in ms from the call: each request (Resource Timing) and the contender's own marks. */
  timeline: TimelineEntry[];
}

/** One request as the browser timed it, or a moment the contender marked (`request` undefined). */
export interface TimelineEntry {
  what: string;
  /** The request was made (the page asked for it). */
  at: number;
  request?: {
    /** A new connection was opened for it: its handshake, from…to. */
    connect?: [number, number];
    /** Its first byte left… */
    sent: number;
    /** …its answer's first byte arrived… */
    answered: number;
    /** …and its last. */
    ended: number;
  };
}

/** The requests made since `since` (a performance.now() time), from Resource Timing, relative to it. */
function requestsSince(since: number): TimelineEntry[] {
  const relative = (t: number) => Math.round((t - since) * 10) / 10;
  return performance
    .getEntriesByType('resource')
    .filter((entry): entry is PerformanceResourceTiming => entry.startTime >= since)
    .map((entry) => {
      const connected = entry.connectEnd > entry.connectStart;
      return {
        what: `${entry.initiatorType} ${new URL(entry.name).pathname.replace(/^\/upload\/bench\/v1\/files\/?/, 'reference/')}`,
        at: relative(entry.startTime),
        request: {
          ...(connected ? { connect: [relative(entry.connectStart), relative(entry.connectEnd)] as [number, number] } : {}),
          sent: relative(entry.requestStart),
          answered: relative(entry.responseStart),
          ended: relative(entry.responseEnd),
        },
      };
    });
}

/** Uploads the chosen file with one contender; resolves with the bytes and the milliseconds it took. */
async function upload(call: ContenderCall): Promise<Outcome> {
  const file = chosenFile();
  performance.clearResourceTimings();
  const marks: TimelineEntry[] = [];
  const started = performance.now();
  const mark: Mark = (what) => marks.push({ what, at: Math.round((performance.now() - started) * 10) / 10 });
  let firstConfirmed: number | undefined;
  await run(call, file, () => (firstConfirmed ??= performance.now()), mark);
  const ended = performance.now();
  const timeline = [...requestsSince(started), ...marks].sort((a, b) => a.at - b.at);
  return { bytes: file.size, ms: ended - started, firstConfirmedMs: (firstConfirmed ?? ended) - started, timeline };
}

declare global {
  interface Window {
    bench: { upload: typeof upload; ready: true };
  }
}

// `?on-click`: the engine's HTTP transports load with the first Upload, as on a page that is never
// idle before the click; without it they load once the page is idle, as on any page with the engine.
if (new URLSearchParams(location.search).has('on-click')) transportChunk.atIdle = false;

window.bench = { upload, ready: true };

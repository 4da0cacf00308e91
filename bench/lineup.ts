import type { ContenderCall } from './page/main.ts';

export interface Contender {
  id: string;
  label: string;
  call: ContenderCall;
  /** The raw contenders set the limit the others are compared with. */
  raw?: true;
  /** Load the page with `?on-click`: ours' HTTP transports load on the click, as on a page never idle before it. */
  onClick?: true;
}

const MiB = 1024 * 1024;

/** Everyone in the speed table, in the order of the first round. */
export const LINEUP: Contender[] = [
  { id: 'raw-fetch', label: 'raw `fetch` PUT', call: { kind: 'raw-fetch' }, raw: true },
  { id: 'raw-xhr', label: 'raw XHR PUT', call: { kind: 'raw-xhr' }, raw: true },
  // The same PUT of `file.slice()`: Chromium streams a File with a path straight from disk, a Blob
  // (every chunk of every chunked uploader) through the blob system: the ceiling for slices.
  { id: 'raw-slice', label: 'raw XHR PUT of `file.slice()`', call: { kind: 'raw-xhr', slice: true } },
  // The same slice by `fetch`: which of the two sends a Blob faster in this browser (src/transport picks per engine).
  { id: 'raw-fetch-slice', label: 'raw `fetch` PUT of `file.slice()`', call: { kind: 'raw-fetch', slice: true } },
  { id: 'ours', label: 'ours, defaults (adaptive)', call: { kind: 'ours' } },
  ...[8, 32, 64].map((mib) => ({ id: `ours-${mib}`, label: `ours, ${mib} MiB chunks`, call: { kind: 'ours', options: { chunkSize: mib * MiB } } }) as Contender),
  // Without a kept session (`store: false`): no fingerprint, Web Lock or lookup before the `POST`;
  // what persistence costs at the start, and so the most a start that did not wait for them could save.
  { id: 'ours-unstored', label: 'ours, `store: false`', call: { kind: 'ours', options: { store: false } } },
  { id: 'ours-on-click', label: 'ours, transports loaded on the click', call: { kind: 'ours' }, onClick: true },
  // Bounds of adaptive chunks, to weigh the defaults on a link (--only=ours-max).
  ...[64, 128, 256].map((mib) => ({ id: `ours-max-${mib}`, label: `ours, maxChunkSize ${mib} MiB`, call: { kind: 'ours', options: { maxChunkSize: mib * MiB } } }) as Contender),
  { id: 'upchunk', label: '@mux/upchunk, defaults', call: { kind: 'upchunk' } },
  { id: 'tus', label: 'tus-js-client, defaults', call: { kind: 'tus' } },
];

export const OURS_DEFAULTS = LINEUP.find((contender) => contender.id === 'ours')!;

/** On an emulated link: the raw single PUT and each uploader at its defaults. */
const LINK_LINEUP = ['raw-xhr', 'ours', 'upchunk', 'tus'];

export function selectLineup(only: readonly string[], link = false): Contender[] {
  if (only.length === 0) return link ? LINEUP.filter((contender) => LINK_LINEUP.includes(contender.id)) : LINEUP;
  // An exact id picks that one contender ('ours'); any other text, every id containing it ('ours-max').
  const matches = (id: string, part: string) => id === part || (!LINEUP.some((c) => c.id === part) && id.includes(part));
  return LINEUP.filter((contender) => only.some((part) => matches(contender.id, part)));
}

/** Round `round` starts one place further along, so no contender always goes first (cold) or last. */
export function roundOrder<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

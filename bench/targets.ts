import type { LinkSpec } from './link-proxy.ts';
import type { Measurement } from './measure.ts';
import { PSS_LIMIT, sizeLabel, type Row } from './report.ts';

/** The targets, reported (never asserted): a bench is information, not a test. */
export function targetLines(rows: readonly Row[], memory: readonly Measurement[]): string[] {
  const lines: string[] = [];
  const at = (bytes: number, id: string) => rows.find((row) => row.bytes === bytes && row.contender === id);
  const bytes = 512 * 1024 * 1024;
  const ours = at(bytes, 'ours');
  if (ours) {
    const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
    lines.push(`- ${sizeLabel(bytes)} at defaults ≥ 0.95 × the faster raw: ${ours.ratioToRaw.toFixed(2)} × — ${mark(ours.ratioToRaw >= 0.95)}`);
    for (const id of ['upchunk', 'tus']) {
      const other = at(bytes, id);
      if (!other) continue;
      const ahead = ours.mbPerSecond.median > other.mbPerSecond.median;
      lines.push(
        `- ahead of ${other.label}: ${ours.mbPerSecond.median.toFixed(0)} vs ${other.mbPerSecond.median.toFixed(0)} MB/s — ${mark(ahead)}`,
      );
    }
  }
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  for (const m of memory) {
    const ok = (bytes: number) => (bytes < PSS_LIMIT ? 'met' : '**missed**');
    lines.push(
      `- PSS growth at ${sizeLabel(m.bytes)} < 32 MiB: anon+shmem ${mib(m.pssOwnGrowth)} — ${ok(m.pssOwnGrowth)}; ` +
        `all PSS ${mib(m.pssGrowth)} — ${ok(m.pssGrowth)}`,
    );
  }
  return lines;
}

/** The first chunk of ours at defaults (the engine's minChunkSize). */
const FIRST_CHUNK = 256 * 1024;

/** The link targets of issue 15, reported (never asserted). */
export function linkTargetLines(rows: readonly Row[], link: LinkSpec): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  const lines: string[] = [];
  const goal = link.mbitPerSecond === 100 && link.rttMs === 40 ? 0.99 : link.mbitPerSecond === 20 && link.rttMs === 100 ? 0.98 : undefined;
  for (const raw of rows.filter((row) => row.contender === 'raw-xhr')) {
    // What a perfectly used link needs for one PUT on the connection the page's load left open:
    // the bytes, and a round trip (the first byte's way there, the answer's way back).
    const floorMs = link.rttMs + (raw.bytes * 8) / (link.mbitPerSecond * 1e3);
    const rawMs = raw.bytes / 1e3 / raw.mbPerSecond.median;
    lines.push(`- ${sizeLabel(raw.bytes)}: the link's floor for one PUT is ${floorMs.toFixed(0)} ms; the raw PUT took ${rawMs.toFixed(0)} ms (median), ${(floorMs / rawMs).toFixed(3)} of the floor's speed`);
  }
  for (const ours of rows.filter((row) => row.contender === 'ours')) {
    if (goal !== undefined) lines.push(`- ${sizeLabel(ours.bytes)}: ≥ ${goal} × the raw PUT: ${ours.ratioToRaw.toFixed(3)} × — ${mark(ours.ratioToRaw >= goal)}`);
    const firstChunkMs = (FIRST_CHUNK * 8) / (link.mbitPerSecond * 1e6) * 1000;
    const bound = 3 * link.rttMs + firstChunkMs;
    const first = ours.firstConfirmedMs.median;
    lines.push(
      `- ${sizeLabel(ours.bytes)}: first confirmed progress within 3 RTT + the first chunk's ${firstChunkMs.toFixed(0)} ms = ${bound.toFixed(0)} ms: ` +
        `${first.toFixed(0)} ms — ${mark(first <= bound)}`,
    );
  }
  return lines;
}

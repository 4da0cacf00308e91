import type { Contender } from './lineup.ts';
import type { Measurement } from './measure.ts';
import { spread } from './stats.ts';

export interface Row {
  bytes: number;
  contender: string;
  label: string;
  runs: number;
  failures: number;
  mbPerSecond: ReturnType<typeof spread>;
  /** Median speed over the faster raw contender's median at this size. */
  ratioToRaw: number;
  requests: number;
  /** From the click to the first answer saying the server holds bytes. */
  firstConfirmedMs: ReturnType<typeof spread>;
  /** Worst of the runs. */
  peakHeap: number;
  pssGrowth: number;
  pssOwnGrowth: number;
}

const MiB = 1024 * 1024;

export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * MiB && bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)} GiB` : `${Math.round(bytes / MiB)} MiB`;
}

const mib = (bytes: number) => (Number.isFinite(bytes) ? (bytes / MiB).toFixed(1) : '–');
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function summarise(
  lineup: readonly Contender[],
  sizes: readonly number[],
  measurements: readonly Measurement[],
  failures: readonly { contender: string; bytes: number }[],
): Row[] {
  const rows: Row[] = [];
  for (const bytes of sizes) {
    const ofSize = measurements.filter((m) => m.bytes === bytes);
    const speeds = new Map(lineup.map((c) => [c.id, spread(ofSize.filter((m) => m.contender === c.id).map((m) => m.mbPerSecond))]));
    const rawBest = Math.max(...lineup.filter((c) => c.raw).map((c) => speeds.get(c.id)!.median).filter(Number.isFinite));
    for (const contender of lineup) {
      const runs = ofSize.filter((m) => m.contender === contender.id);
      const speed = speeds.get(contender.id)!;
      rows.push({
        bytes,
        contender: contender.id,
        label: contender.label,
        runs: runs.length,
        failures: failures.filter((f) => f.contender === contender.id && f.bytes === bytes).length,
        mbPerSecond: speed,
        ratioToRaw: speed.median / rawBest,
        requests: spread(runs.map((m) => m.requests)).median,
        firstConfirmedMs: spread(runs.map((m) => m.firstConfirmedMs)),
        peakHeap: Math.max(...runs.map((m) => m.peakHeap)),
        pssGrowth: Math.max(...runs.map((m) => m.pssGrowth)),
        pssOwnGrowth: Math.max(...runs.map((m) => m.pssOwnGrowth)),
      });
    }
  }
  return rows;
}

export function speedTable(rows: readonly Row[]): string {
  const lines = [
    '| file | contender | MB/s (median) | spread (min–max) | × faster raw | requests | peak JS heap (MiB) | PSS growth, anon+shmem (MiB) | PSS growth, all (MiB) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const failed = row.failures > 0 ? ` (${row.failures} failed)` : '';
    lines.push(
      `| ${sizeLabel(row.bytes)} | ${row.label}${failed} | ${fixed(row.mbPerSecond.median)} | ${fixed(row.mbPerSecond.min)}–${fixed(row.mbPerSecond.max)} | ` +
        `${fixed(row.ratioToRaw, 2)} | ${fixed(row.requests)} | ${mib(row.peakHeap)} | ${mib(row.pssOwnGrowth)} | ${mib(row.pssGrowth)} |`,
    );
  }
  return lines.join('\n');
}

export const PSS_LIMIT = 32 * MiB;

export function memoryTable(measurements: readonly Measurement[]): string {
  const lines = [
    '| file | contender | MB/s | requests | peak JS heap (MiB) | PSS before, all (MiB) | PSS growth, anon+shmem (MiB) | PSS growth, all (MiB) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const m of measurements) {
    lines.push(
      `| ${sizeLabel(m.bytes)} | ours, defaults | ${fixed(m.mbPerSecond)} | ${m.requests} | ${mib(m.peakHeap)} | ${mib(m.pssBefore)} | ${mib(m.pssOwnGrowth)} | ${mib(m.pssGrowth)} |`,
    );
  }
  return lines.join('\n');
}

/** On an emulated link: speed beside the raw single PUT on the same link, and the first confirmed progress. */
export function linkTable(rows: readonly Row[]): string {
  const lines = [
    '| file | contender | MB/s (median) | spread (min–max) | × raw PUT | requests | first confirmed progress, ms (median) | spread (min–max) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const failed = row.failures > 0 ? ` (${row.failures} failed)` : '';
    const first = row.firstConfirmedMs;
    lines.push(
      `| ${sizeLabel(row.bytes)} | ${row.label}${failed} | ${fixed(row.mbPerSecond.median, 2)} | ${fixed(row.mbPerSecond.min, 2)}–${fixed(row.mbPerSecond.max, 2)} | ` +
        `${fixed(row.ratioToRaw, 3)} | ${fixed(row.requests)} | ${fixed(first.median)} | ${fixed(first.min)}–${fixed(first.max)} |`,
    );
  }
  return lines.join('\n');
}

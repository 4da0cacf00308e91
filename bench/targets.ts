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

import { statfsSync } from 'node:fs';
import { browserTestEngines as engines, type Engine } from '../test/support/browsers.ts';
import { parseLink, type LinkSpec } from './link-proxy.ts';

/** What one `npm run bench` measures; every field can be set by env (BENCH_*) or a `--name=value` flag. */
export interface BenchConfig {
  /** File sizes in MiB for the speed table. */
  sizesMiB: number[];
  /** Measurements per contender and size. */
  runs: number;
  /** File sizes in GiB for the memory check of ours at defaults. */
  memoryGiB: number[];
  /** Only contenders with one of these ids, or whose id contains one of these (all when empty). */
  only: string[];
  /** Milliseconds between memory samples during an upload. */
  sampleMs: number;
  /** An emulated link between the browser and the servers (`--link=100,40`); loopback when undefined. */
  link: LinkSpec | undefined;
  /** Log each upload's requests and marks (`--timeline=1`): where its time went. */
  timeline: boolean;
  /** The browser every contender runs in (`--browser=firefox`); Chromium by default. */
  browser: Engine;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

function setting(name: string, argv: readonly string[]): string | undefined {
  const flag = `--${name}=`;
  const fromFlag = argv.find((arg) => arg.startsWith(flag));
  if (fromFlag) return fromFlag.slice(flag.length);
  return process.env[`BENCH_${name.toUpperCase()}`];
}

function numbers(text: string, name: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const value = Number(part);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: "${part}" is not a positive number`);
    return value;
  });
}

/** Free bytes on the disk that holds `dir`. */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * The 4 GiB memory check needs the file and, while it uploads, as much again on the server's disk:
 * it is on by default only when that fits with room to spare.
 */
function defaultMemorySizes(dir: string): number[] {
  return freeBytes(dir) > 4 * GiB * 2 + 8 * GiB ? [1, 4] : [1];
}

/** On a link, a file that takes about ten seconds: 128 MiB at 100 Mbit/s, 32 at 20, 8 at 5. */
export function linkFileMiB(link: LinkSpec): number {
  return 2 ** Math.max(0, Math.round(Math.log2(link.mbitPerSecond * 1.25)));
}

export function readConfig(argv: readonly string[], dir: string): BenchConfig {
  const sizes = setting('sizes', argv);
  const memory = setting('memory', argv);
  const linkText = setting('link', argv);
  const link = linkText === undefined || linkText === '' ? undefined : parseLink(linkText);
  const runs = Number(setting('runs', argv) ?? 3);
  const browser = (setting('browser', argv) ?? 'chromium') as Engine;
  if (!engines.includes(browser)) throw new Error(`browser must be one of ${engines.join(', ')}, got ${browser}`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number ≥ 1, got ${runs}`);
  return {
    sizesMiB: sizes !== undefined ? numbers(sizes, 'sizes') : link ? [linkFileMiB(link)] : [64, 512, 1024],
    runs,
    // A link is about speed and the first progress; memory is checked on loopback.
    memoryGiB: memory !== undefined ? numbers(memory, 'memory') : link ? [] : defaultMemorySizes(dir),
    only: (setting('only', argv) ?? '').split(',').filter(Boolean),
    // On a link, sample less often: the bench's reading of /proc competes with the browser for the CPU.
    sampleMs: Number(setting('sample_ms', argv) ?? (link ? 1000 : 250)),
    link,
    timeline: ['1', 'true', 'yes'].includes(setting('timeline', argv) ?? ''),
    browser,
  };
}

export const bytesOfMiB = (mib: number) => Math.round(mib * MiB);
export const bytesOfGiB = (gib: number) => Math.round(gib * GiB);

import { describe, expect, it } from 'vitest';
import { formatterFor } from '../../../src/element/i18n/format.ts';
import { SpeedMeter } from '../../../src/queue/item/speed-meter.ts';
import { matchesAccept } from '../../../src/queue/validation/check-file.ts';

describe('formatting through Intl', () => {
  const en = formatterFor('en');

  it('formats sizes and speeds in decimal units, percents floored', () => {
    expect([0, 999, 1000, 1_536_000, 5_368_709_120].map(en.bytes)).toEqual(['0 bytes', '999 bytes', '1 kB', '1.5 MB', '5.4 GB']);
    expect([1, 500].map(en.bytes)).toEqual(['1 byte', '500 bytes']);
    expect(en.speed(3_100_000)).toBe('3.1 MB/s');
    expect([0, 0.004, 0.999, 1].map(en.percent)).toEqual(['0%', '0%', '99%', '100%']);
  });

  it('formats durations with their two largest units, rounded up to whole seconds', () => {
    expect([0, 0.2, 45, 125, 3600, 3725, 7322].map(en.duration)).toEqual([
      '0 sec',
      '1 sec',
      '45 sec',
      '2 min, 5 sec',
      '1 hr',
      '1 hr, 2 min',
      '2 hr, 2 min',
    ]);
  });

  it('uses the digits and words of the language', () => {
    expect(formatterFor('fa').percent(0.42)).toBe('۴۲٪');
    expect(formatterFor('ar-EG').duration(5)).toMatch(/^٥ /);
    expect(formatterFor('he').duration(125)).toBe(new Intl.ListFormat('he', { type: 'unit', style: 'short' }).format([
      new Intl.NumberFormat('he', { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(2),
      new Intl.NumberFormat('he', { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(5),
    ]));
  });
});

describe('plurals through Intl.PluralRules', () => {
  const files = { zero: 'z {count}', one: 'o {count}', two: 't {count}', few: 'f {count}', many: 'm {count}', other: 'x {count}' };
  const forms = (lang: string, counts: number[]) => counts.map((count) => formatterFor(lang).plural(files, count)[0]).join('');

  it("picks the form of the language's category for each count", () => {
    expect(forms('en', [0, 1, 2, 21])).toBe('xoxx');
    expect(forms('fr', [0, 1, 2])).toBe('oox'); // French counts 0 as singular
    expect(forms('pl', [1, 2, 5, 12, 22, 25])).toBe('ofmmfm');
    expect(forms('ru', [1, 2, 5, 11, 21, 22])).toBe('ofmmof');
    expect(forms('uk', [1, 3, 7, 21])).toBe('ofmo');
    expect(forms('ar', [0, 1, 2, 3, 11, 100])).toBe('zotfmx');
    expect(forms('he', [1, 2, 3])).toBe('otx');
    expect(forms('ja', [0, 1, 2])).toBe('xxx');
  });

  it('falls back to other for a category the message lacks', () => {
    expect(formatterFor('pl').plural({ one: '{count} plik', other: '{count} pliku' }, 5)).toBe('{count} pliku');
  });

  it('writes counts in the digits of the language', () => {
    expect(formatterFor('en').count(1234)).toBe('1,234');
    expect(formatterFor('fa').count(12)).toBe('۱۲');
    expect(formatterFor('de').count(1234)).toBe('1.234');
  });
});

describe('SpeedMeter', () => {
  it('smooths: one fast interval moves the estimate only part of the way', () => {
    const meter = new SpeedMeter(4000);
    meter.anchor(0, 0);
    meter.sample(1_000_000, 1000); // 1 MB/s
    expect(meter.bytesPerSecond).toBe(1_000_000);
    meter.sample(11_000_000, 2000); // 10 MB/s for one second
    expect(meter.bytesPerSecond).toBeGreaterThan(1_000_000);
    expect(meter.bytesPerSecond).toBeLessThan(4_000_000);
    expect(meter.secondsFor(meter.bytesPerSecond! * 10)).toBeCloseTo(10);
  });

  it('does not count the time between anchor points (a pause) as slowness', () => {
    const meter = new SpeedMeter();
    meter.anchor(0, 0);
    meter.sample(2_000_000, 1000);
    meter.anchor(2_000_000, 60_000); // resumed a minute later
    meter.sample(4_000_000, 61_000);
    expect(meter.bytesPerSecond).toBe(2_000_000);
  });

  it('knows nothing before its first interval', () => {
    const meter = new SpeedMeter();
    expect(meter.bytesPerSecond).toBeUndefined();
    expect(meter.secondsFor(100)).toBeUndefined();
  });
});

describe('accept', () => {
  const file = (name: string, type: string) => new File([], name, { type });
  it('matches MIME types, wildcards and extensions like a file input does, ignoring case', () => {
    expect(matchesAccept(file('a.PNG', 'image/png'), 'image/*')).toBe(true);
    expect(matchesAccept(file('a.pdf', ''), 'image/*, .PDF')).toBe(true);
    expect(matchesAccept(file('a.txt', 'text/plain'), 'image/*,.pdf')).toBe(false);
    expect(matchesAccept(file('a.json', 'application/json'), 'application/json')).toBe(true);
    expect(matchesAccept(file('a.json', 'application/json'), 'application/*x')).toBe(false);
    expect(matchesAccept(file('anything', ''), '')).toBe(true);
  });
});

import type { PluralMessage } from './strings.ts';

/** Counts, plurals, sizes, speeds, percents and durations in one language, through `Intl`. */
export interface Formatter {
  readonly lang: string;
  /** `4.2 MB`, `999 bytes` (decimal units, as `Intl` names them). */
  bytes(bytes: number): string;
  /** `3.1 MB/s`. */
  speed(bytesPerSecond: number): string;
  /** `42%`, floored so nothing reads 100% before it is done. */
  percent(fraction: number): string;
  /** `2 min, 5 sec`: the two largest units, rounded up to whole seconds. */
  duration(seconds: number): string;
  /** `1,234`: a number of things, in the language's digits. */
  count(count: number): string;
  /** `image/*, .pdf or .zip`: one of these. */
  oneOf(items: readonly string[]): string;
  /** The form of `message` that agrees with `count` (its `Intl.PluralRules` category, else `other`); `{count}` is left for `interpolate`. */
  plural(message: PluralMessage, count: number): string;
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const cache = new Map<string, Formatter>();

/** One formatter per language, kept: 100 rows re-render every frame and `Intl` objects are not cheap to make. */
export function formatterFor(lang: string): Formatter {
  let formatter = cache.get(lang);
  if (!formatter) {
    formatter = createFormatter(supported(lang));
    cache.set(lang, formatter);
  }
  return formatter;
}

function supported(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en';
  } catch {
    return 'en'; // a malformed lang attribute must not break the element
  }
}

function createFormatter(lang: string): Formatter {
  const numbers = new Map<string, Intl.NumberFormat>();
  const unit = (name: string, value: number, fractionDigits = value < 10 ? 1 : 0) => {
    const key = `${name}/${fractionDigits}`;
    let format = numbers.get(key);
    if (!format) {
      // Bytes spelled out ("999 bytes"): their short form reads "999 byte" in English.
      const unitDisplay = name.startsWith('byte') ? 'long' : 'short';
      format = new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay, maximumFractionDigits: fractionDigits });
      numbers.set(key, format);
    }
    return format.format(value);
  };
  const scaled = (bytes: number) => {
    let index = 0;
    while (bytes >= 1000 && index < SIZE_UNITS.length - 1) {
      bytes /= 1000;
      index++;
    }
    return { value: bytes, name: SIZE_UNITS[index]! };
  };
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const list = new Intl.ListFormat(lang, { type: 'unit', style: 'short' });
  const counts = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const plurals = new Intl.PluralRules(lang);
  const or = new Intl.ListFormat(lang, { type: 'disjunction' });

  return {
    lang,
    bytes(bytes) {
      const { value, name } = scaled(bytes);
      return unit(name, value, name === 'byte' ? 0 : undefined);
    },
    speed(bytesPerSecond) {
      const { value, name } = scaled(bytesPerSecond);
      return unit(`${name}-per-second`, value, name === 'byte' ? 0 : undefined);
    },
    percent(fraction) {
      return percent.format(Math.floor(Math.min(Math.max(fraction, 0), 1) * 100) / 100);
    },
    duration(seconds) {
      const total = Math.max(0, Math.ceil(seconds));
      const parts: [string, number][] = [
        ['hour', Math.floor(total / 3600)],
        ['minute', Math.floor((total % 3600) / 60)],
        ['second', total % 60],
      ];
      const first = parts.findIndex(([, value]) => value > 0);
      if (first < 0) return unit('second', 0, 0);
      return list.format(
        parts
          .slice(first, first + 2)
          .filter(([, value]) => value > 0)
          .map(([name, value]) => unit(name, value, 0)),
      );
    },
    count: (count) => counts.format(count),
    oneOf: (items) => or.format(items),
    plural: (message, count) => message[plurals.select(count)] ?? message.other,
  };
}

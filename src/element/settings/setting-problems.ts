// Loaded only once a setting is wrong: the words for what each accepts, and the console report.
import { isUploadError, UploadError } from '../../errors/upload-error.ts';
import { consoleSaid } from './said.ts';
import { attributeOf, SETTINGS, type SettingName } from './settings.ts';

const SIZE = 'bytes (100000) or a number and a unit: 100 KB, 10MB, 1.5 GiB (KB, MB, GB, TB count 1000s; KiB, MiB, GiB, TiB 1024s)';

/** What each setting accepts, in words. */
export const ACCEPTED: Record<SettingName, string> = {
  endpoint: 'the media upload URL, e.g. "/upload/drive/v3/files"',
  uploadType: '"resumable", "media", "multipart" or "auto"',
  chunkSize: `a multiple of 256 KiB (262144 bytes), such as "8 MiB", as a size: ${SIZE}`,
  maxFileSize: SIZE,
  minFileSize: SIZE,
  maxTotalSize: SIZE,
  maxFiles: 'a whole number, such as 10',
  concurrency: 'a whole number from 1, such as 3',
  camera: '"photo", "video" or "photo video" (or the attribute alone, for both)',
};

/** An `'invalid-option'` error naming the attribute, its value and what is accepted. */
export function settingError(name: SettingName, shown: unknown): UploadError {
  const value = shown == null || shown === '' ? 'missing' : `"${String(shown)}"`;
  return new UploadError('invalid-option', `<resumable-upload> \`${attributeOf(name)}\` is ${value}: use ${ACCEPTED[name]}. Files fail until it is fixed.`);
}

/**
 * The element's settings that are wrong now, each said once in the console when it is set (not
 * when a file comes), and the first of them, with which a file fails instead of starting.
 */
export class SettingProblems {
  readonly #host: HTMLElement;
  readonly #valueOf: (name: SettingName) => unknown;
  /** Each wrong setting's message, by attribute. */
  readonly #problems = new Map<string, string>();
  /** Messages already in the console, so each is said once. */
  readonly #said: Set<string>;

  /** `valueOf` gives a setting's value as the element holds it: undefined or null when unset or not needed now. */
  constructor(host: HTMLElement, valueOf: (name: SettingName) => unknown) {
    this.#host = host;
    this.#valueOf = valueOf;
    this.#said = consoleSaid(host);
  }

  /** Checks every setting (cheap: done before each render and as each file starts); says the new problems. */
  check(): UploadError | undefined {
    let first: UploadError | undefined;
    for (const [name, parse] of Object.entries(SETTINGS) as [SettingName, (value: unknown) => unknown][]) {
      const value = this.#valueOf(name);
      const previous = this.#problems.get(name);
      // A number attribute that is not one reads as NaN: show what the page wrote.
      const error = value == null || parse(value) !== undefined ? undefined : settingError(name, Number.isNaN(value) ? this.#host.getAttribute(attributeOf(name)) : value);
      first ??= error;
      if (previous === error?.message) continue;
      if (previous) this.#said.delete(previous); // set wrong again later, it is said again
      if (error) this.#problems.set(name, error.message);
      else this.#problems.delete(name);
      this.say(error);
    }
    return first;
  }

  /** Says an `'invalid-option'` failure once in the console: also the engine's, for options from `prepare` or properties. */
  say(error: unknown): void {
    if (!isUploadError(error) || error.code !== 'invalid-option' || this.#said.has(error.message)) return;
    this.#said.add(error.message);
    console.error(error.message.startsWith('<') ? error.message : `<resumable-upload> ${error.message}`, this.#host);
  }
}

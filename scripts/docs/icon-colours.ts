// The file-type icons' table of docs/styling-and-languages.md, from the families and colours the
// element draws them with (src/element/render/type-icons.ts): a colour changed there changes here.
import { FAMILIES } from '../../src/element/render/type-icons.ts';
import { table } from './blocks.ts';

/** What each family takes, in words: the types and extensions themselves are the source's. */
const WHAT: Record<string, string> = {
  image: '`image/*`, `.jpg`, `.heic`, …',
  video: '`video/*`, `.mov`, `.mkv`, …',
  audio: '`audio/*`, `.mp3`, `.flac`, …',
  pdf: '`application/pdf`, `.pdf`',
  spreadsheet: '`text/csv`, Excel and OpenDocument sheets, `.csv`, `.xlsx`, …',
  archive: 'zip, gzip, tar, 7-Zip, RAR, …',
  text: '`text/*`, `.txt`, `.md`, …',
  code: 'JSON, JavaScript, HTML, CSS, XML, `.ts`, `.py`, …',
  file: 'anything else',
};

/** In the doc's order: the most telling families first, the catch-all last. */
const ORDER = ['image', 'video', 'audio', 'pdf', 'spreadsheet', 'archive', 'text', 'code', 'file'];

export function iconColoursReference(): string {
  const names = Object.keys(FAMILIES);
  const missing = names.filter((name) => !ORDER.includes(name) || !WHAT[name]);
  if (missing.length > 0 || names.length !== ORDER.length) throw new Error(`scripts/docs/icon-colours.ts: say where and what for the families ${missing.join(', ') || ORDER.filter((name) => !names.includes(name)).join(', ')}`);
  return table(
    ['family', 'custom property', 'light default', 'dark default', 'what'],
    ORDER.map((name) => {
      const [light, dark] = FAMILIES[name]!.colours;
      return [name, `\`--resumable-upload-icon-${name}\``, `\`${light}\``, `\`${dark}\``, WHAT[name]!];
    }),
  );
}

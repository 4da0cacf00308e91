import { css, unsafeCSS, type CSSResult } from 'lit';
import { adoptStyles } from './adopt-styles.ts';

// The file-type icons of the rows, loaded with the first row: a page without files need not load
// them. Drawn by CSS, as masks over the cell's text colour, and chosen by CSS from the cell's
// `data-type` and `data-name`: rows render nothing again when they arrive, and the start bundle
// holds neither the pictures nor the table of types. A page recolours a family with
// `--resumable-upload-icon-<family>`.

export interface Family {
  /** Strokes on a 24 px grid, like the buttons' icons. */
  icon: string;
  /** Default colours, light and dark: 3:1 or more against the row's default surface. */
  colours: [light: string, dark: string];
  /** Attribute selectors on the type, from the least to the most telling. */
  types: string[];
  /** Extensions, for a type that says nothing: a browser gives '' for a type it does not know (`.csv` without a spreadsheet program, most code), `application/octet-stream` on some systems. */
  extensions: string;
}

// In order: a later family's type wins over an earlier one's (`text/csv` is a spreadsheet, not text;
// `image/svg+xml` an image, not code), and any type a family knows over every extension.
export const FAMILIES: Record<string, Family> = {
  file: { icon: '<path d="M14 3H6v18h12V7zM14 3v4h4"/>', colours: ['#555d66', '#a3adb8'], types: [], extensions: '' },
  // A page of lines.
  text: { icon: '<path d="M14 3H6v18h12V7zM14 3v4h4M9 11h6M9 14h6M9 17h4"/>', colours: ['#0a6c74', '#5fc9d1'], types: ["^='text/'"], extensions: 'txt md markdown rtf log' },
  // Angle brackets and a slash.
  code: {
    icon: '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
    colours: ['#0550ae', '#79c0ff'],
    types: ["$='/json'", "*='javascript'", "*='ecmascript'", "*='typescript'", "$='/xml'", "$='+xml'", "$='/html'", "$='/css'", "$='x-python'", "$='x-sh'", "$='/sql'", "$='yaml'", "$='x-php'", "$='x-c'", "$='x-java'"],
    extensions: 'js mjs cjs ts tsx jsx json html htm css scss xml yaml yml toml py rb go rs java kt c h cc cpp hpp cs swift php sh sql',
  },
  // A box with its lid.
  archive: {
    icon: '<path d="M4 8v12h16V8"/><rect x="2" y="4" width="20" height="4" rx="1"/><path d="M10 12h4"/>',
    colours: ['#8a6500', '#e3b341'],
    types: ["*='zip'", "*='compress'", "$='x-tar'", "$='rar'", "*='7z'", "*='bzip'", "$='x-xz'", "$='zstd'"],
    extensions: 'zip 7z rar tar gz tgz bz2 xz zst',
  },
  // A table: a header row and columns.
  spreadsheet: {
    icon: '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18M3 15h18M9 3v18M15 9v12"/>',
    colours: ['#1a7f37', '#56d364'],
    types: ["$='/csv'", "*='tab-separated'", "*='spreadsheet'", "*='excel'"],
    extensions: 'csv tsv xls xlsx xlsm ods numbers',
  },
  // A page with the letters PDF on it.
  pdf: {
    icon: '<path d="M14 2H5v20h14V7zM14 2v5h5"/><path stroke-width="1.5" d="M7 18v-5h1.5a1.5 1.5 0 0 1 0 3H7M11 13v5h.75a2.5 2.5 0 0 0 0-5zM15.5 18v-5H18M15.5 15.5h2"/>',
    colours: ['#c5221f', '#ff8a80'],
    types: ["$='/pdf'"],
    extensions: 'pdf',
  },
  image: {
    icon: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 16l5-5 5 5 3-3 5 5"/><circle cx="15.5" cy="8.5" r="1.5"/>',
    colours: ['#8250df', '#c297ff'],
    types: ["^='image/'"],
    extensions: 'jpg jpeg png gif webp avif heic heif svg bmp tif tiff ico',
  },
  video: {
    icon: '<rect x="3" y="5" width="13" height="14" rx="2"/><path d="M16 10l5-3v10l-5-3"/>',
    colours: ['#bf3989', '#f778ba'],
    types: ["^='video/'"],
    extensions: 'mp4 m4v mov webm mkv avi wmv mpg mpeg',
  },
  audio: {
    icon: '<path d="M9 18V5l11-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>',
    colours: ['#bc4c00', '#ffa657'],
    types: ["^='audio/'"],
    extensions: 'mp3 m4a aac wav flac ogg oga opus wma aiff',
  },
};

const mask = (paths: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`,
  )}")`;

const cell = '.thumbnail';
// `--_family` names the family chosen, for whoever inspects the cell.
const looks = (name: string, { icon, colours }: Family, scheme: 0 | 1) =>
  `${scheme ? '' : `--_icon:${mask(icon)};--_family:${name};`}color:var(--resumable-upload-icon-${name},${colours[scheme]})`;
const selectors = (name: string, family: Family, by: 'name' | 'type') =>
  name === 'file'
    ? by === 'name' ? [cell] : []
    : by === 'name'
      ? family.extensions.split(' ').map((extension) => `${cell}[data-name$='.${extension}' i]`)
      : family.types.map((type) => `${cell}[data-type${type}]`);

// Every extension rule first, then every type rule: all of one specificity, so the last that matches wins.
const rules = (scheme: 0 | 1) =>
  unsafeCSS(
    (['name', 'type'] as const)
      .flatMap((by) => Object.entries(FAMILIES).map(([name, family]) => [selectors(name, family, by), looks(name, family, scheme)] as const))
      .filter(([list]) => list.length > 0)
      .map(([list, declarations]) => `:is(${list.join(',')}){${declarations}}`)
      .join(''),
  );

export const typeIconStyles: CSSResult = css`
  ${rules(0)}
  @media (prefers-color-scheme: dark) {
    ${rules(1)}
  }
  /* Only while the cell holds no picture: the icon is its ::before. */
  .thumbnail:empty::before {
    content: '';
    inline-size: 1.75rem;
    block-size: 1.75rem;
    background: currentColor;
    -webkit-mask: var(--_icon) center / contain no-repeat;
    mask: var(--_icon) center / contain no-repeat;
  }
  @media (forced-colors: active) {
    .thumbnail:empty::before {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }
`;

/** Adds the icons to an element's shadow root, after its own styles. */
export function adoptTypeIcons(root: ShadowRoot): void {
  adoptStyles(root, typeIconStyles);
}

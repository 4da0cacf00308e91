// The element's properties, listed once: the class declares them to Lit from here (`static
// properties`), the React props are its keys (src/react.ts), and custom-elements.json takes each
// attribute from here (custom-elements-manifest.config.mjs). A property's type, default and
// description are its field's in the class. A field missing here is not reactive, and a type test
// (test/node/custom-elements-manifest.test.ts) fails.
import type { PropertyDeclaration } from 'lit';

/** Only `"false"` turns it off: `auto` and `store` are on without the attribute. */
const unlessFalse = (value: string | null) => value !== 'false';

/** Each property's Lit options: its attribute (none with `attribute: false`), how the attribute is read, whether it reflects. */
export const elementProperties = {
  endpoint: {},
  uploadType: { attribute: 'upload-type' },
  chunkSize: { attribute: 'chunk-size' },
  accept: {},
  maxFileSize: { attribute: 'max-file-size' },
  minFileSize: { attribute: 'min-file-size' },
  maxFiles: { type: Number, attribute: 'max-files' },
  maxTotalSize: { attribute: 'max-total-size' },
  multiple: { type: Boolean, reflect: true },
  directory: { type: Boolean, reflect: true },
  capture: {},
  camera: {},
  paste: {},
  auto: { converter: unlessFalse },
  concurrency: { type: Number },
  disabled: { type: Boolean, reflect: true },
  store: { converter: unlessFalse },
  fileHandles: { type: Boolean, attribute: 'file-handles' },
  lang: { reflect: true },
  background: { type: Boolean },
  imageEditor: { type: Boolean, attribute: 'image-editor' },
  headers: { attribute: false },
  prepare: { attribute: false },
  metadata: { attribute: false },
  metaFields: { attribute: false },
  strings: { attribute: false },
  name: { reflect: true },
  required: { type: Boolean, reflect: true },
  formValue: { attribute: false },
} satisfies Record<string, PropertyDeclaration>;

/** The name of each property of the element that a script (or a framework's prop) sets. */
export type ElementPropertyName = keyof typeof elementProperties;

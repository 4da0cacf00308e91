// A small application that uses the package the ways the README shows: written into the
// consumer project made by `packAndInstall`, then type-checked and bundled with Vite.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Typed use of the element and the engine: every line must compile without a cast. */
const typedUse = `
import { Upload, isUploadError, registerLocale, type UploadProgressEvent } from 'resumable-upload';
import { Upload as EngineUpload, type UploadResult } from 'resumable-upload/engine';
import type { ResumableUploadElement } from 'resumable-upload/element';
import { fa } from 'resumable-upload/locales/fa';

registerLocale('fa', fa);

const element = document.createElement('resumable-upload');
const typedElement: ResumableUploadElement = element;
typedElement.endpoint = '/upload/drive/v3/files';
element.headers = async () => ({ Authorization: 'Bearer token' });
element.prepare = (file) => ({ metadata: { name: file.name, parents: ['folder'] } });

element.addEventListener('upload-progress', (event) => {
  const committed: number = event.detail.bytesCommitted;
  const total: number = event.detail.bytesTotal;
  const typedEvent: UploadProgressEvent = event;
  console.log(committed / total, typedEvent.detail.file.name);
});
element.addEventListener('upload-success', (event) => {
  const result: UploadResult = event.detail.result;
  console.log(result.status, event.detail.item.status);
});
element.addEventListener('upload-error', (event) => {
  if (isUploadError(event.detail.error)) console.log(event.detail.error.code);
});
element.addEventListener('upload-add', (event) => {
  if (event.detail.file.size === 0) event.preventDefault();
});
// @ts-expect-error a progress event has no result: the detail is typed, not any
element.addEventListener('upload-progress', (event) => event.detail.result);

// The two entries share one engine.
const upload: EngineUpload = new Upload(new File(['x'], 'x.txt'), { endpoint: '/upload/test/v1/files' });
console.log(upload.state);
`;

/** Runs in the browser after the Vite build: the element is registered, and `verify` starts its Worker. */
const browserCheck = `
import { Upload } from 'resumable-upload';

declare global {
  interface Window {
    uploadVerified(endpoint: string): Promise<{ defined: boolean; verified: boolean | undefined }>;
  }
}

window.uploadVerified = async (endpoint) => {
  const file = new File(['resumable-upload, as published'], 'published.txt', { type: 'text/plain' });
  const result = await new Upload(file, { endpoint, uploadType: 'media', verify: true, store: false }).start();
  return { defined: customElements.get('resumable-upload') !== undefined, verified: result.verified };
};
`;

/** Only `resumable-upload/element`: its declarations alone must bring the tag and the typed events. */
const elementOnlyUse = `
import 'resumable-upload/element';

const element = document.createElement('resumable-upload');
element.multiple = true;
element.addEventListener('upload-progress', (event) => console.log(event.detail.bytesCommitted, event.detail.item.status));
// @ts-expect-error a success event has no bytesCommitted: the detail is typed, not any
element.addEventListener('upload-success', (event) => event.detail.bytesCommitted);
`;

/** React 19 JSX with the types of `resumable-upload/react`: typed props and `onupload-*` handlers, no casts. */
const reactUse = `
import 'resumable-upload';
import type {} from 'resumable-upload/react';
import type { UploadSuccessEvent } from 'resumable-upload';

export const uploader = (
  <resumable-upload
    endpoint="/upload/drive/v3/files"
    multiple
    directory
    concurrency={2}
    maxFiles={10}
    maxTotalSize={1e9}
    paste="page"
    name="attachments"
    required
    className="uploader"
    headers={async () => ({ Authorization: 'Bearer token' })}
    metadata={(file, item) => ({ name: item.relativePath, size: file.size })}
    formValue={(result) => String((result.body as { id: string }).id)}
    onupload-add={(event) => {
      if (event.detail.relativePath.endsWith('.exe')) event.preventDefault();
    }}
    onupload-success={(event: UploadSuccessEvent) => console.log(event.detail.result.status)}
    onupload-reject={(event) => console.log(event.detail.reason)}
    ref={(element) => {
      element?.addFiles([]);
    }}
  >
    <span slot="empty">Nothing yet</span>
  </resumable-upload>
);

// @ts-expect-error concurrency is a number, not a string
export const wrongType = <resumable-upload concurrency="2" />;
// @ts-expect-error a progress event has no result: the handler's event is typed, not any
export const wrongEvent = <resumable-upload onupload-progress={(event) => event.detail.result} />;
// @ts-expect-error paste is 'element' or 'page'
export const wrongValue = <resumable-upload paste="window" />;
`;

const files: Record<string, string> = {
  'react-use.tsx': reactUse,
  'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  'typed-use.ts': typedUse,
  'element-only-use.ts': elementOnlyUse,
  'browser-check.ts': browserCheck,
  // `import 'resumable-upload'` only for its side effect: registering the element.
  'side-effect.ts': `import 'resumable-upload';\n`,
  'engine-only.ts': `import { Upload } from 'resumable-upload/engine';\nconsole.log(new Upload(new File([], 'empty'), { endpoint: '/upload' }).state);\n`,
  'index.html': `<!doctype html><script type="module" src="./browser-check.ts"></script><resumable-upload></resumable-upload>\n`,
  'side-effect.html': `<!doctype html><script type="module" src="./side-effect.ts"></script>\n`,
  'engine-only.html': `<!doctype html><script type="module" src="./engine-only.ts"></script>\n`,
  'vite.config.js': `export default { logLevel: 'warn', build: { rollupOptions: { input: ['index.html', 'side-effect.html', 'engine-only.html'] } } };\n`,
};

const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  strict: true,
  noEmit: true,
  // Our declarations are checked too, not only used.
  skipLibCheck: false,
  types: [],
};

/** The same sources, resolved the way bundlers do and the way Node does. */
const tsconfigs: Record<string, object> = {
  'tsconfig.bundler.json': { compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'Bundler' }, files: ['typed-use.ts', 'browser-check.ts'] },
  'tsconfig.nodenext.json': { compilerOptions: { ...compilerOptions, module: 'NodeNext', moduleResolution: 'NodeNext' }, files: ['typed-use.ts', 'browser-check.ts'] },
  'tsconfig.element-only.json': { compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'Bundler' }, files: ['element-only-use.ts'] },
  // @types/react is the package's optional peer dependency: installed by the application, here linked.
  'tsconfig.react.json': { compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' }, files: ['react-use.tsx'] },
};

export const consumerTsconfigs = Object.keys(tsconfigs);

export async function writeConsumerProject(directory: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(directory, name), text);
  for (const [name, config] of Object.entries(tsconfigs)) await writeFile(join(directory, name), JSON.stringify(config, null, 2));
}

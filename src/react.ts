// `resumable-upload/react`: types only. Importing it (`import type {} from 'resumable-upload/react'`,
// or listing it in tsconfig's `types`) types <resumable-upload> in React 19's JSX: its properties,
// and its events as `onupload-*` props (React 19 adds a listener for any `on…` prop of a custom
// element, by the exact name). The element itself still comes from `import 'resumable-upload'`.
import type { ClassAttributes, HTMLAttributes } from 'react';
import type { ResumableUploadElement } from './element/resumable-upload.ts';
import type {} from './element/define.ts';

/** Every property of the element a JSX prop can set; functions and objects too (React 19 sets them as properties). */
export type ResumableUploadProperties = Partial<
  Pick<
    ResumableUploadElement,
    | 'endpoint'
    | 'uploadType'
    | 'chunkSize'
    | 'accept'
    | 'maxFileSize'
    | 'minFileSize'
    | 'maxFiles'
    | 'maxTotalSize'
    | 'multiple'
    | 'directory'
    | 'capture'
    | 'paste'
    | 'auto'
    | 'concurrency'
    | 'disabled'
    | 'store'
    | 'fileHandles'
    | 'lang'
    | 'background'
    | 'headers'
    | 'prepare'
    | 'metadata'
    | 'strings'
    | 'name'
    | 'required'
    | 'formValue'
  >
>;

/** The element's events as React 19 props, each typed with its event. */
export type ResumableUploadEventProps = {
  [K in keyof HTMLElementEventMap as K extends `upload-${string}` ? `on${K}` : never]?: (event: HTMLElementEventMap[K]) => void;
};

/** The props of `<resumable-upload>` in JSX. */
export type ResumableUploadProps = Omit<HTMLAttributes<ResumableUploadElement>, keyof ResumableUploadProperties> &
  ClassAttributes<ResumableUploadElement> &
  ResumableUploadProperties &
  ResumableUploadEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'resumable-upload': ResumableUploadProps;
    }
  }
}

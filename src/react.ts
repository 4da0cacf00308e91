// `resumable-upload/react`: `useUploads(queue)`, a queue's snapshot in a component; and the types of
// <resumable-upload> in React 19's JSX. Importing it (`import type {} from 'resumable-upload/react'`,
// or listing it in tsconfig's `types`) types the element's properties, and its events as
// `onupload-*` props (React 19 adds a listener for any `on…` prop of a custom element, by the exact
// name). The element itself still comes from `import 'resumable-upload'`.
import { useCallback, useSyncExternalStore, type ClassAttributes, type HTMLAttributes } from 'react';
import type { ResumableUploadElement } from './element/resumable-upload.ts';
import type {} from './element/define.ts';
import type { ElementPropertyName } from './element/properties.ts';
import type { QueueCore, QueueSnapshot } from './queue/queue-core.ts';

/**
 * The queue's snapshot, for a component that renders it again whenever the queue changes (through
 * `useSyncExternalStore`: a render sees one snapshot, never a list half updated). Nothing changed,
 * the snapshot is the same object and React skips the render.
 *
 * @example
 * const { items, tally } = useUploads(queue);
 */
export function useUploads(queue: QueueCore): QueueSnapshot {
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const snapshot = useCallback(() => queue.snapshot(), [queue]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Every property of the element a JSX prop can set, functions and objects too (React 19 sets them as
 * properties): the element's own list (src/element/properties.ts), each with its field's type.
 */
export type ResumableUploadProperties = Partial<Pick<ResumableUploadElement, ElementPropertyName>>;

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

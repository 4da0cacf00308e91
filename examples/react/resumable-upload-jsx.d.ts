// JSX types for <resumable-upload> in React 19: its properties, and its events as `onupload-*`
// props (React 19 adds a listener for any `on…` prop of a custom element, by the exact name).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  ResumableUploadElement,
  UploadAddEvent,
  UploadCancelEvent,
  UploadErrorEvent,
  UploadProgressEvent,
  UploadRejectEvent,
  UploadStartEvent,
  UploadSuccessEvent,
} from 'resumable-upload';

type ElementProperties = Partial<
  Pick<
    ResumableUploadElement,
    | 'endpoint'
    | 'uploadType'
    | 'chunkSize'
    | 'accept'
    | 'maxFileSize'
    | 'multiple'
    | 'auto'
    | 'concurrency'
    | 'disabled'
    | 'store'
    | 'fileHandles'
    | 'lang'
    | 'headers'
    | 'prepare'
    | 'metadata'
    | 'strings'
  >
>;

interface ElementEvents {
  'onupload-add'?: (event: UploadAddEvent) => void;
  'onupload-reject'?: (event: UploadRejectEvent) => void;
  'onupload-start'?: (event: UploadStartEvent) => void;
  'onupload-progress'?: (event: UploadProgressEvent) => void;
  'onupload-success'?: (event: UploadSuccessEvent) => void;
  'onupload-error'?: (event: UploadErrorEvent) => void;
  'onupload-cancel'?: (event: UploadCancelEvent) => void;
}

type ResumableUploadProps = Omit<DetailedHTMLProps<HTMLAttributes<ResumableUploadElement>, ResumableUploadElement>, keyof ElementProperties> &
  ElementProperties &
  ElementEvents;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'resumable-upload': ResumableUploadProps;
    }
  }
}

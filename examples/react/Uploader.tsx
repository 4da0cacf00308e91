// <resumable-upload> in React 19: props are set as properties (functions too) and `onupload-*`
// props listen to the element's events. The import registers the element before React renders;
// resumable-upload-jsx.d.ts (in the project's TypeScript sources) types it in JSX.
import { useState } from 'react';
import 'resumable-upload';
import type { UploadProgressEvent, UploadSuccessEvent } from 'resumable-upload';

interface UploaderProps {
  /** A Drive folder to upload into. */
  folderId: string;
  /** The signed-in user's OAuth access token (Google Identity Services, your backend, …). */
  getAccessToken: () => Promise<string>;
}

export function Uploader({ folderId, getAccessToken }: UploaderProps) {
  const [stored, setStored] = useState<string[]>([]);
  const [percent, setPercent] = useState(0);

  return (
    <>
      <resumable-upload
        endpoint="https://www.googleapis.com/upload/drive/v3/files"
        multiple
        concurrency={2}
        headers={async () => ({ Authorization: `Bearer ${await getAccessToken()}` })}
        metadata={(file: File) => ({ name: file.name, parents: [folderId] })}
        onupload-progress={(event: UploadProgressEvent) => setPercent(Math.round((100 * event.detail.bytesCommitted) / event.detail.bytesTotal))}
        onupload-success={(event: UploadSuccessEvent) => setStored((names) => [...names, event.detail.file.name])}
      >
        <span slot="empty">Nothing sent to Drive yet.</span>
      </resumable-upload>
      <p>Last file: {percent}%. Stored: {stored.join(', ') || 'none'}</p>
    </>
  );
}

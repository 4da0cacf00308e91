// <resumable-upload> in React 19: props are set as properties (functions too) and `onupload-*`
// props listen to the element's events. The import registers the element before React renders;
// `resumable-upload/react` types it in JSX (its props, and each `onupload-*` with its event type).
import { useState } from 'react';
import 'resumable-upload';
import type {} from 'resumable-upload/react';

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
        metadata={(file) => ({ name: file.name, parents: [folderId] })}
        onupload-progress={(event) => setPercent(Math.round((100 * event.detail.bytesCommitted) / event.detail.bytesTotal))}
        onupload-success={(event) => setStored((names) => [...names, event.detail.file.name])}
      >
        <span slot="empty">Nothing sent to Drive yet.</span>
      </resumable-upload>
      <p>Last file: {percent}%. Stored: {stored.join(', ') || 'none'}</p>
    </>
  );
}

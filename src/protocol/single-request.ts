import { withQuery } from '../utils/with-query.ts';
import { send, type UploadContext } from './context.ts';
import { failureFor } from './failures.ts';
import { finalResult, type UploadResult } from './final-result.ts';
import { multipartBody } from './multipart-body.ts';

/**
 * One request carries everything: `uploadType=media` sends the bytes alone,
 * `uploadType=multipart` the metadata and the bytes together.
 */
export async function uploadInOneRequest(
  context: UploadContext,
  endpoint: string,
  uploadType: 'media' | 'multipart',
  signal: AbortSignal,
): Promise<UploadResult> {
  const { file, contentType } = context;
  const url = withQuery(endpoint, 'uploadType', uploadType);
  const part = uploadType === 'multipart' ? multipartBody(context.metadata ?? {}, file, contentType) : { body: file, contentType };
  const response = await send(context, {
    method: context.method,
    url,
    headers: { 'Content-Type': part.contentType },
    body: part.body,
    signal,
  });
  if (response.status !== 200 && response.status !== 201) {
    throw failureFor(response, `Uploading to ${url}`, false);
  }
  return finalResult(response, file.size);
}

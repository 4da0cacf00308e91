import { withQuery } from '../utils/with-query.ts';
import { send, type UploadContext } from './context.ts';
import { failureFor } from './failures.ts';
import { finalResult, type UploadResult } from './final-result.ts';

/** `uploadType=media`: the bytes alone, in one request. */
export async function uploadMedia(context: UploadContext, endpoint: string, signal: AbortSignal): Promise<UploadResult> {
  const url = withQuery(endpoint, 'uploadType', 'media');
  const response = await send(context, {
    method: context.method,
    url,
    headers: { 'Content-Type': context.contentType },
    body: context.file,
    signal,
  });
  if (response.status !== 200 && response.status !== 201) {
    throw failureFor(response, `Uploading to ${url}`, false);
  }
  return finalResult(response, context.file.size);
}

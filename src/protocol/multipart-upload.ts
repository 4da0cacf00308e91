import { withQuery } from '../utils/with-query.ts';
import { send, type UploadContext } from './context.ts';
import { failureFor } from './failures.ts';
import { finalResult, type UploadResult } from './final-result.ts';
import { multipartBody } from './multipart-body.ts';

/** `uploadType=multipart`: metadata and bytes together in one request. */
export async function uploadMultipart(
  context: UploadContext,
  endpoint: string,
  signal: AbortSignal,
): Promise<UploadResult> {
  const url = withQuery(endpoint, 'uploadType', 'multipart');
  const { body, contentType } = multipartBody(context.metadata ?? {}, context.file, context.contentType);
  const response = await send(context, {
    method: context.method,
    url,
    headers: { 'Content-Type': contentType },
    body,
    signal,
  });
  if (response.status !== 200 && response.status !== 201) {
    throw failureFor(response, `Uploading to ${url}`, false);
  }
  return finalResult(response, context.file.size);
}

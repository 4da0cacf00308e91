import type { UploadContext } from '../protocol/context.ts';
import { finalResult, type UploadResult } from '../protocol/final-result.ts';
import { queryStatus } from '../protocol/query-status.ts';

/**
 * With `verify`, a final answer with nothing to compare is asked for once more: a finished session
 * answers its status query with it again. Any other answer, or none, leaves the first one to judge.
 */
export function askAgain(context: UploadContext, result: UploadResult, signal: AbortSignal): (() => Promise<UploadResult>) | undefined {
  const uri = result.sessionUri;
  if (!uri) return undefined;
  const total = context.file.size;
  return () =>
    queryStatus(context, uri, total, signal).then(
      (status) => (status.final ? finalResult(status.final, total, uri) : result),
      (error: unknown) => {
        if (signal.aborted) throw error;
        return result;
      },
    );
}

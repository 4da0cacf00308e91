import { notLoaded } from './stops.ts';
import type { Transfer, TransferHost } from './transfer.ts';

/** Media and multipart load with their first run: a page of resumable uploads never carries them. */
export function lazySingleRequest(host: TransferHost): Transfer {
  let loading: Promise<Transfer> | undefined;
  return {
    run: async (signal) => {
      loading ??= import('./single-request-transfer.ts').then(
        ({ SingleRequestTransfer }) => new SingleRequestTransfer(host),
        (cause: unknown) => {
          loading = undefined; // the next start() loads afresh
          return notLoaded('media and multipart')(cause);
        },
      );
      return (await loading).run(signal);
    },
  };
}

import { PrefixChecksums } from '../../src/storage/prefix-checksums.ts';

self.onmessage = async (event: MessageEvent<Blob>) => {
  self.postMessage(await new PrefixChecksums(event.data).at(event.data.size));
};

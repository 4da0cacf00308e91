import { digestFile } from './digest-file.ts';

// Hashing a large file takes seconds of CPU: here it never blocks the page.
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    self.postMessage({ digests: await digestFile(event.data) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};

// The demo's service worker: the few lines an application adds to its own.
import { handleBackgroundUploads } from '../src/service-worker.ts';

handleBackgroundUploads({ clickUrl: '/demo/background.html' });

// Take over at once, so the first visit's uploads can already be handed off.
self.addEventListener('install', () => void (self as unknown as { skipWaiting(): Promise<void> }).skipWaiting());
self.addEventListener('activate', (event) => {
  const scope = self as unknown as { clients: { claim(): Promise<void> } };
  (event as Event & { waitUntil(promise: Promise<unknown>): void }).waitUntil(scope.clients.claim());
});

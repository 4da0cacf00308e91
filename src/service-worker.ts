// `resumable-upload/service-worker`: imported by your service worker, so uploads handed to
// Background Fetch (the `background` option) are finished off when no page is open.
export { handleBackgroundUploads, type BackgroundUploadsOptions } from './background/service-worker-handlers.ts';
export type { BackgroundMessage, BackgroundOutcome } from './background/background-fetch-api.ts';
export { CHANNEL_NAME as BACKGROUND_CHANNEL } from './background/background-fetch-api.ts';

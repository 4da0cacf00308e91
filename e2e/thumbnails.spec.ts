import { expect, test } from '@playwright/test';
import { uploader } from './support/element-page.ts';

// What the browser itself reports (a media error, a revoked URL fetched) reaches the console beside
// the page's own messages: only an end-to-end run sees both.
test('video rows: a frame of a real video, the icon for a video/* file that is no video, and nothing in the console', async ({ page }) => {
  const reported: string[] = [];
  page.on('console', (message) => {
    // The demo has no favicon, which Chromium asks for (and logs a 404 for) on its own.
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error' || message.type() === 'warning') reported.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => reported.push(`pageerror: ${error.message}`));
  await page.goto('/demo/');
  await page.evaluate(async () => {
    // A real WebM, recorded by the browser from a canvas: no fixture file.
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    const paint = () => {
      context.fillStyle = '#c0392b';
      context.fillRect(0, 0, 320, 240);
    };
    paint();
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
    const painter = setInterval(paint, 30);
    recorder.start(100);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    recorder.stop();
    await stopped;
    clearInterval(painter);
    const element = document.getElementById('default') as HTMLElement & { auto: boolean; addFiles(files: File[]): unknown };
    element.auto = false;
    element.addFiles([
      new File([new TextEncoder().encode('these bytes are no video at all. '.repeat(200))], 'not-a-video.webm', { type: 'video/webm' }),
      new File(chunks, 'clip.webm', { type: 'video/webm' }),
    ]);
  });
  const element = uploader(page, 'default');
  await expect(element.row('clip.webm').locator('[part=thumbnail] img')).toHaveAttribute('src', /^blob:/);
  const fake = element.row('not-a-video.webm').locator('[part=thumbnail]');
  // The icon of its type, drawn by CSS (a mask on the empty cell's ::before).
  await expect.poll(() => fake.evaluate((cell) => getComputedStyle(cell, '::before').getPropertyValue('mask-image') || getComputedStyle(cell, '::before').getPropertyValue('-webkit-mask-image'))).toMatch(/^url\(/);
  await expect(fake.locator('img')).toHaveCount(0);
  expect(reported).toEqual([]);
});

// The camera in the built demo: a photo and a video taken through the element's panel arrive at the
// server; without a live camera the panel says why and offers the device's own. Screenshots of the
// panel at a desktop's and a phone's width.
import { flow, serverJson, until, type Driver } from '../support/driver.ts';
import { axeViolations, focusedLabel, openDemo, storedId, uploader } from '../support/element-page.ts';

const part = (name: string) => ['#default', `[part~=${name}]`] as const;

/** Turns the camera on for the demo's first element, and opens its panel with the Camera button. */
async function openCamera(d: Driver, width: number, height: number): Promise<void> {
  await d.setViewport(width, height);
  await openDemo(d);
  await d.evaluate(() => document.getElementById('default')!.setAttribute('camera', 'photo video'));
  await until(() => d.evaluate(() => !!document.getElementById('default')!.shadowRoot!.querySelector('[part~=camera-button]')), (shown) => shown, 'the Camera button');
  await d.click(part('camera-button'));
}

/** The preview shows the camera's picture. */
const live = (d: Driver) =>
  until(() => d.evaluate(() => document.getElementById('default')!.shadowRoot!.querySelector<HTMLVideoElement>('[part~=camera-preview]')?.videoWidth ?? 0), (width) => width > 0, 'the live preview');

/** The file names the element lists, in order. */
const listed = (d: Driver) => d.evaluate(() => (document.getElementById('default') as HTMLElement & { items: { file: File }[] }).items.map((item) => item.file.name));

export const cameraFlows = [
  flow('the camera: a photo and a video taken arrive at the server; the panel at 1280 and 390 px wide', async (d) => {
    await openCamera(d, 1280, 900);
    await live(d);
    d.expect(await axeViolations(d)).toEqual([]);
    await d.screenshot('camera-1280');
    d.expect(await focusedLabel(d)).toBe('Take photo');
    // The demo's element takes several files: the panel stays open for the next.
    await d.click(part('camera-photo-button'));
    const [photo] = await until(() => listed(d), (names) => names.length === 1, 'the photo listed');
    d.expect(photo).toMatch(/^photo-\d{8}-\d{6}\.jpg$/);
    const photoInfo = await serverJson(d, `/__files/${await storedId(d, 'default', photo!)}/info`);
    d.expect(photoInfo.contentType).toBe('image/jpeg');
    d.expect(Number(photoInfo.size)).toBeGreaterThan(0);

    await d.setViewport(390, 844);
    await d.click(part('camera-record-button'));
    await until(() => d.evaluate(() => document.getElementById('default')!.shadowRoot!.querySelector('[part~=camera-recording] time')?.textContent ?? ''), (time) => time === '0:01', 'a second recorded');
    await d.screenshot('camera-390-recording');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.click(part('camera-record-button'));
    const names = await until(() => listed(d), (names) => names.length === 2, 'the video listed');
    d.expect(names[1]).toMatch(/^video-\d{8}-\d{6}\.(webm|mp4)$/);
    const videoInfo = await serverJson(d, `/__files/${await storedId(d, 'default', names[1]!)}/info`);
    d.expect(videoInfo.contentType).toMatch(/^video\/(webm|mp4)$/);
    d.expect(Number(videoInfo.size)).toBeGreaterThan(0);
    await d.click(part('camera-close-button'));
    d.expect(await focusedLabel(d)).toBe('Camera');
    await uploader(d, 'default').status(names[1]!, 'done');
    await d.screenshot('camera-390-listed');
    d.expect(await d.reported()).toEqual([]);
  }),

  flow('the camera where the page cannot have it: the panel says why and offers the device’s camera', async (d) => {
    await d.setViewport(1280, 900);
    await openDemo(d);
    // As on a page not served over HTTPS: no getUserMedia.
    await d.evaluate(() => void Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
    await d.evaluate(() => document.getElementById('default')!.setAttribute('camera', 'photo'));
    await until(() => d.evaluate(() => !!document.getElementById('default')!.shadowRoot!.querySelector('[part~=camera-button]')), (shown) => shown, 'the Camera button');
    await d.click(part('camera-button'));
    await until(() => focusedLabel(d), (label) => label === "Use the device's camera", 'the focus on the device’s camera');
    const problem = await d.evaluate(() => document.getElementById('default')!.shadowRoot!.querySelector('[part~=camera-problem]')?.textContent?.trim());
    d.expect(problem).toBe('This browser cannot show the camera on this page.');
    d.expect(await axeViolations(d)).toEqual([]);
    await d.screenshot('camera-fallback');
    await d.click(part('camera-close-button'));
    d.expect(await focusedLabel(d)).toBe('Camera');
  }),
];

// The camera in the widget where no live camera can be had, in every engine: the attribute checked,
// its code loaded only with it, and the fallback to the device's own camera. With a camera:
// camera.fake-camera.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { cameraEnglish } from '../../../src/element/i18n/camera-strings.ts';
import { endpoint } from '../support/server.ts';
import { until } from '../../support/until.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { cameraButton, panel, partOf, said } from './support/camera.ts';
import { mount, shadow } from './support/fixture.ts';

const cameraCodeLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/element/camera/camera-panel'));

/** What the fallback shows: why, and the device's own camera, with the focus on it. */
async function expectFallback(element: ResumableUploadElement, why: string) {
  await until(() => partOf(element, 'camera-native-button'), 'the fallback');
  expect(partOf(element, 'camera-problem')!.textContent?.trim()).toBe(why);
  expect(said(element)).toBe(why);
  expect(partOf(element, 'camera-preview')).toBeNull();
  expect(partOf(element, 'camera-photo-button')).toBeNull();
  await until(() => shadow(element).activeElement === partOf(element, 'camera-native-button'), 'the focus on the device’s camera');
  expect(panel(element)!.open).toBe(true);
}

describe('<resumable-upload camera> without a live camera', () => {
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => {
    frames.splice(0).forEach((frame) => frame.remove());
    vi.restoreAllMocks();
    delete (navigator as { mediaDevices?: MediaDevices }).mediaDevices; // the prototype's, again
  });

  it('has no Camera button and loads none of its code without the attribute; with it, both', async () => {
    const element = await mount();
    await element.updateComplete;
    expect(partOf(element, 'camera-button')).toBeNull();
    expect(cameraCodeLoaded()).toBe(false);
    element.setAttribute('camera', 'photo');
    const button = await cameraButton(element);
    expect(button.textContent?.trim()).toBe(cameraEnglish.camera);
    expect(cameraCodeLoaded()).toBe(true);
    await expectNoAxeViolations(element);
  });

  it('says a wrong value in the console, naming `camera` and what it takes, and shows no button', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = await mount({ camera: 'selfie' });
    await until(() => errors.mock.calls.length > 0, 'the console told');
    expect(String(errors.mock.calls[0]![0])).toBe(
      '<resumable-upload> `camera` is "selfie": use "photo", "video" or "photo video" (or the attribute alone, for both). Files fail until it is fixed.',
    );
    await element.updateComplete;
    expect(partOf(element, 'camera-button')).toBeNull();
    element.setAttribute('camera', 'video photo');
    await cameraButton(element);
  });

  it('without getUserMedia (a page not on HTTPS) says so and offers the device’s camera: the file input with `capture`', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const element = await mount({ camera: 'photo', capture: 'environment', auto: 'false' });
    (await cameraButton(element)).click();
    await expectFallback(element, cameraEnglish.cameraUnsupported);
    const input = panel(element)!.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.accept).toBe('image/*');
    await expectNoAxeViolations(element);
    // What the device's camera gives comes in through the input, as a picked file.
    const clicked = new Promise((resolve) => input.addEventListener('click', (event) => resolve(event.preventDefault()), { once: true }));
    partOf(element, 'camera-native-button')!.click();
    await clicked;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_0001.jpg', { type: 'image/jpeg' });
    const chosen = new DataTransfer();
    chosen.items.add(photo);
    input.files = chosen.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(element.items.map((item) => item.file)).toEqual([photo]);
    await element.updateComplete;
    expect(panel(element)!.open).toBe(false);
    expect(shadow(element).activeElement).toBe(await cameraButton(element));
  });

  it('refused the camera (the page’s permissions policy, `allow="camera \'none\'"`), says so and offers the device’s camera', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('allow', "camera 'none'; microphone 'none'");
    const element = new URL('../../../src/element.ts', import.meta.url).href;
    // The test runner's hook around the element's dynamic imports, which a page of its own lacks.
    const runner = 'window.__vitest_browser_runner__ = { wrapDynamicImport: (load) => load() };';
    frame.srcdoc = `<!doctype html><html lang="en"><body><script type="module">${runner} await import(${JSON.stringify(element)});</script>
      <resumable-upload camera capture="user" endpoint="${endpoint()}"></resumable-upload></body></html>`;
    document.body.append(frame);
    frames.push(frame);
    const framed = await until(() => frame.contentWindow?.customElements.get('resumable-upload') && frame.contentDocument!.querySelector('resumable-upload'), 'the element in the frame');
    const inFrame = framed as unknown as ResumableUploadElement;
    (await cameraButton(inFrame)).click();
    await expectFallback(inFrame, cameraEnglish.cameraDenied);
    const input = panel(inFrame)!.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.getAttribute('capture')).toBe('user');
    expect(input.accept).toBe('image/*,video/*');
    partOf(inFrame, 'camera-close-button')!.click();
    await inFrame.updateComplete;
    expect(panel(inFrame)!.open).toBe(false);
  });
});

// Switch camera, with Chromium's two fake cameras (--use-fake-device-for-media-stream=device-count=2,
// test/support/browsers.ts): Firefox's fake device is one camera, and WebKitGTK's MiniBrowser has none.
import { describe, expect, it } from 'vitest';
import { cameraEnglish } from '../../../src/element/i18n/camera-strings.ts';
import { until } from '../../support/until.ts';
import { openLive, partOf, tracksOf } from './support/camera.ts';
import { mount } from './support/fixture.ts';

describe('<resumable-upload camera> with two cameras', () => {
  it('offers Switch camera, which stops the first camera before the second starts, and back', async () => {
    const element = await mount({ camera: 'photo' });
    const preview = await openLive(element);
    const first = tracksOf(preview)[0]!;
    const switchButton = await until(() => partOf(element, 'camera-switch-button'), 'Switch camera');
    expect(switchButton.textContent?.trim()).toBe(cameraEnglish.cameraSwitch);
    switchButton.click();
    await until(() => preview.srcObject && tracksOf(preview)[0] !== first && preview.videoWidth > 0, 'the second camera');
    const second = tracksOf(preview)[0]!;
    expect(first.readyState).toBe('ended');
    expect(second.getSettings().deviceId).not.toBe(first.getSettings().deviceId);
    partOf(element, 'camera-switch-button')!.click();
    await until(() => preview.srcObject && tracksOf(preview)[0] !== second && preview.videoWidth > 0, 'the first camera again');
    expect(second.readyState).toBe('ended');
    expect(tracksOf(preview)[0]!.getSettings().deviceId).toBe(first.getSettings().deviceId);
    partOf(element, 'camera-close-button')!.click();
    await element.updateComplete;
  });
});

// The camera in the widget with the browser's fake camera and microphone (Chromium's
// --use-fake-device-for-media-stream, Firefox's media.navigator.streams.fake; test/support/browsers.ts).
// WebKitGTK's MiniBrowser here has no capture device: its fallback is tested in camera.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { UploadResult } from '../../../src/index.ts';
import { cameraEnglish } from '../../../src/element/i18n/camera-strings.ts';
import { serverUrl, storedFile } from '../support/server.ts';
import { until } from '../../support/until.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { cameraButton, openLive, panel, partOf, said, tracksOf } from './support/camera.ts';
import { mount, nextEvent, shadow } from './support/fixture.ts';

/** The bytes the server stored for a finished upload, read back from its disk. */
async function storedBytes(result: UploadResult): Promise<{ bytes: Blob; contentType: string }> {
  const id = (result.body as { id: string }).id;
  const info = await storedFile(id);
  const response = await fetch(`${serverUrl}/__files/${id}`);
  return { bytes: await response.blob(), contentType: info.contentType };
}

describe('<resumable-upload camera> with a camera', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('where nothing records the stream (no MediaRecorder), Record says the camera failed, releases it and offers the device’s camera', async () => {
    const element = await mount({ camera: 'video' });
    const tracks = tracksOf(await openLive(element));
    vi.stubGlobal('MediaRecorder', undefined);
    partOf(element, 'camera-record-button')!.click();
    await until(() => partOf(element, 'camera-native-button'), 'the fallback');
    expect(partOf(element, 'camera-problem')!.textContent?.trim()).toBe(cameraEnglish.cameraFailed);
    expect(tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(element.items).toEqual([]);
  });

  it('takes a photo: a JPEG of the stream’s size, named with the time, arrives at the server; every track stops', async () => {
    const element = await mount({ camera: 'photo' });
    const preview = await openLive(element);
    const { videoWidth: width, videoHeight: height } = preview;
    const tracks = tracksOf(preview);
    expect(tracks.filter((track) => track.kind === 'video').map((track) => track.readyState)).toEqual(['live']);
    // Photo only: no microphone asked for, no Record button.
    expect(tracks.map((track) => track.kind)).toEqual(['video']);
    expect(partOf(element, 'camera-record-button')).toBeNull();
    const success = nextEvent(element, 'upload-success');
    partOf(element, 'camera-photo-button')!.click();
    const { detail } = await success;
    expect(detail.file.name).toMatch(/^photo-\d{8}-\d{6}\.jpg$/);
    expect(detail.file.type).toBe('image/jpeg');
    // One file at a time: the panel closed, the camera released.
    expect(panel(element)!.open).toBe(false);
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);

    const { bytes, contentType } = await storedBytes(detail.result);
    expect(contentType).toBe('image/jpeg');
    expect(bytes.size).toBe(detail.file.size);
    expect([...new Uint8Array(await bytes.slice(0, 3).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
    const decoded = await createImageBitmap(bytes);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
  });

  it('records a video: Recording said once, the time shown, a video type and its bytes at the server', async () => {
    const element = await mount({ camera: 'video' });
    const preview = await openLive(element);
    const tracks = tracksOf(preview);
    expect(tracks.map((track) => track.kind).sort()).toEqual(['audio', 'video']);
    expect(partOf(element, 'camera-photo-button')).toBeNull();
    const record = partOf(element, 'camera-record-button')!;
    expect(record.textContent?.trim()).toBe(cameraEnglish.cameraRecord);
    record.click();
    await until(() => partOf(element, 'camera-recording'), 'the recording shown');
    expect(partOf(element, 'camera-recording')!.textContent).toContain(cameraEnglish.cameraRecording);
    expect(partOf(element, 'camera-recording')!.querySelector('time')?.getAttribute('datetime')).toMatch(/^PT\d+S$/);
    expect(said(element)).toBe(cameraEnglish.cameraRecording);
    const stop = partOf(element, 'camera-record-button')!;
    expect(stop.textContent?.trim()).toBe(cameraEnglish.cameraStop);
    expect(shadow(element).activeElement).toBe(stop);
    // Some frames recorded: the preview moves on while recording.
    const from = preview.currentTime;
    await until(() => preview.currentTime > from + 0.5, 'half a second of video');
    const success = nextEvent(element, 'upload-success');
    stop.click();
    const { detail } = await success;
    expect(detail.file.name).toMatch(/^video-\d{8}-\d{6}\.(webm|mp4)$/);
    const { bytes, contentType } = await storedBytes(detail.result);
    expect(contentType).toMatch(/^video\/(webm|mp4)$/);
    expect(contentType).toBe(detail.file.type);
    expect(bytes.size).toBe(detail.file.size);
    expect(bytes.size).toBeGreaterThan(0);
    expect(tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
  });

  it('with multiple, stays open after a photo and says it was added; Close stops every track and gives the focus back', async () => {
    const element = await mount({ camera: '', multiple: true, auto: 'false' });
    const preview = await openLive(element);
    const tracks = tracksOf(preview);
    expect(partOf(element, 'camera-photo-button')).not.toBeNull();
    expect(partOf(element, 'camera-record-button')).not.toBeNull();
    partOf(element, 'camera-photo-button')!.click();
    await until(() => element.items.length === 1, 'the photo listed');
    await until(() => said(element).includes(element.items[0]!.file.name), 'the photo said added');
    expect(said(element)).toBe(`${element.items[0]!.file.name} added`);
    expect(panel(element)!.open).toBe(true);
    expect(tracks.every((track) => track.readyState === 'live')).toBe(true);
    await expectNoAxeViolations(element);
    partOf(element, 'camera-close-button')!.click();
    await element.updateComplete;
    expect(panel(element)!.open).toBe(false);
    expect(tracks.map((track) => track.readyState)).toEqual(tracks.map(() => 'ended'));
    expect(shadow(element).activeElement).toBe(await cameraButton(element));
  });

  it('by keyboard: Enter opens the panel with the focus in it, Escape closes it, the camera released and the focus back on the button', async () => {
    const element = await mount({ camera: 'photo' });
    const button = await cameraButton(element);
    button.focus();
    await userEvent.keyboard('{Enter}');
    const preview = await until(() => partOf<HTMLVideoElement>(element, 'camera-preview')?.srcObject && partOf<HTMLVideoElement>(element, 'camera-preview'), 'the stream');
    expect(panel(element)!.open).toBe(true);
    expect(panel(element)!.getAttribute('aria-label')).toBe(cameraEnglish.camera);
    expect(panel(element)!.contains(shadow(element).activeElement)).toBe(true);
    expect(shadow(element).activeElement).toBe(partOf(element, 'camera-photo-button'));
    const tracks = tracksOf(preview);
    await userEvent.keyboard('{Escape}');
    await until(() => !panel(element)!.open, 'the panel closed');
    await element.updateComplete;
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);
    expect(shadow(element).activeElement).toBe(button);
    expect(element.items).toEqual([]);
  });

  it('with the panel open, removing `camera` stops every track', async () => {
    const element = await mount({ camera: 'photo' });
    const tracks = tracksOf(await openLive(element));
    element.removeAttribute('camera');
    await element.updateComplete;
    expect(panel(element)).toBeNull();
    await until(() => tracks.every((track) => track.readyState === 'ended'), 'every track ended');
  });

  it('a photo is listed as a picked file is: `accept` rejects it with its reason', async () => {
    const element = await mount({ camera: 'photo', accept: '.pdf', auto: 'false' });
    await openLive(element);
    const rejected = nextEvent(element, 'upload-reject');
    partOf(element, 'camera-photo-button')!.click();
    expect((await rejected).detail.reason).toBe('accept');
    expect(element.items.map((item) => item.status)).toEqual(['rejected']);
  });
});

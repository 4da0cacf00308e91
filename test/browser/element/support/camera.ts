// The camera's panel, as a person reaches it: the Camera button, then what the panel shows.
import type { ResumableUploadElement } from '../../../../src/element.ts';
import { until } from '../../../support/until.ts';
import { shadow } from './fixture.ts';

export const cameraButton = (element: ResumableUploadElement) => until(() => shadow(element).querySelector<HTMLButtonElement>('[part~=camera-button]'), 'the Camera button');

export const panel = (element: ResumableUploadElement) => shadow(element).querySelector<HTMLDialogElement>('dialog[part~=camera-panel]');

export const partOf = <T extends Element = HTMLElement>(element: ResumableUploadElement, name: string) => shadow(element).querySelector<T>(`[part~=${name}]`);

/** The panel's live region: what a screen reader is told. */
export const said = (element: ResumableUploadElement) => panel(element)?.querySelector('[role=status]')?.textContent?.trim() ?? '';

/** Opens the panel and waits for the preview's first frame: the stream's size is then known. */
export async function openLive(element: ResumableUploadElement): Promise<HTMLVideoElement> {
  (await cameraButton(element)).click();
  const preview = await until(() => partOf<HTMLVideoElement>(element, 'camera-preview'), 'the preview');
  await until(() => preview.videoWidth > 0 && preview.srcObject, 'a frame of the camera in the preview');
  return preview;
}

/** The tracks of the stream the preview shows. */
export const tracksOf = (preview: HTMLVideoElement) => (preview.srcObject as MediaStream).getTracks();

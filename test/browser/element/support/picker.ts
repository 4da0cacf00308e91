// The file dialog of `file-handles`, replaced for a test: no test tool can click through the browser's own.
import type { ResumableUploadElement } from '../../../../src/element.ts';
import type { PickerTypes } from '../../../../src/element/picker/picker-types.ts';
import { until } from '../../../support/until.ts';
import { shadow } from './fixture.ts';

export type PickerOptions = PickerTypes & { multiple: boolean };
export type ShowOpenFilePicker = (options: PickerOptions) => Promise<FileSystemFileHandle[]>;
const picker = window as { showOpenFilePicker?: ShowOpenFilePicker };
export const browserPicker = picker.showOpenFilePicker;

/** Replaces the browser's file dialog for this test; returns the options of every call. */
export function replacePicker(answer: ShowOpenFilePicker | undefined): PickerOptions[] {
  const calls: PickerOptions[] = [];
  picker.showOpenFilePicker = answer && ((options) => (calls.push(options), answer(options)));
  return calls;
}

/** Counts the clicks that would open the element's file input, and keeps its dialog shut. */
export function watchInput(element: ResumableUploadElement): { clicks: number; next: Promise<void> } {
  const input = shadow(element).querySelector('input')!;
  const watch = { clicks: 0, next: Promise.resolve() };
  watch.next = new Promise((resolve) =>
    input.addEventListener('click', (event) => {
      event.preventDefault();
      watch.clicks++;
      resolve();
    }),
  );
  return watch;
}

export const button = (element: ResumableUploadElement) => shadow(element).querySelector<HTMLButtonElement>('[part=button]')!;

/** Lets a click's promises (picker, file reads) settle and the element render. */
export async function settle(element: ResumableUploadElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await element.updateComplete;
}

/**
 * The browser's own picker refuses a click no person made, unless the page holds a user activation:
 * a failed test's screenshot leaves one for 5 s, and the real dialog would open and never close.
 */
export async function withoutActivation(): Promise<void> {
  await until(() => !navigator.userActivation.isActive, 'the user activation expires', 100);
}

/** Puts the browser's own picker back (or its absence). */
export function restorePicker(): void {
  picker.showOpenFilePicker = browserPicker;
}

import { acceptTokens } from '../../queue/validation/check-file.ts';

/** One entry of `showOpenFilePicker`'s `types`: MIME types (wildcards too) to extensions. */
export interface FilePickerAcceptType {
  description?: string;
  accept: Record<string, string[]>;
}

export interface PickerTypes {
  types: FilePickerAcceptType[];
  excludeAcceptAllOption: boolean;
}

// Chromium throws a TypeError for a key that is not two HTTP tokens around '/' (this takes the
// tokens' usual characters only), and for an extension that is not '.' then letters, digits, '+'
// or '.', not ending in '.', 16 characters at most.
const MIME_TYPE = /^[\w.+*-]+\/[\w.+*-]+$/;
const EXTENSION = /^\.[a-z\d+.]{0,14}[a-z\d+]$/;
/** The key for extensions: a valid MIME type that Chromium adds no extensions of its own to. */
const ANY = '*/*';

/**
 * The picker's `types` for an `accept` attribute (`image/*,.pdf`): MIME types and wildcards as
 * keys, extensions under `ANY`. "All files" is left out only when every token could be said, so no
 * file the input would offer is out of reach.
 */
export function pickerTypes(accept: string): PickerTypes {
  const keys: Record<string, string[]> = {};
  let complete = true;
  for (const token of acceptTokens(accept)) {
    if (EXTENSION.test(token)) (keys[ANY] ??= []).push(token);
    else if (MIME_TYPE.test(token)) keys[token] ??= [];
    else complete = false;
  }
  const types = Object.keys(keys).length > 0 ? [{ accept: keys }] : [];
  return { types, excludeAcceptAllOption: complete && types.length > 0 };
}

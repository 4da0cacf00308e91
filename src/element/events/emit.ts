type UploadEventName = Extract<keyof HTMLElementEventMap, `upload-${string}`>;
type DetailOf<K extends UploadEventName> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Dispatches one of the element's typed events. They bubble and are composed, so a listener on
 * `document` or on a shadow host further up hears them too. Returns false when a cancelable event
 * was cancelled.
 */
export function emit<K extends UploadEventName>(target: EventTarget, type: K, detail: DetailOf<K>, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}

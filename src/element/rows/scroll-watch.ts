import type { ReactiveController, ReactiveElement } from 'lit';

/**
 * A long list renders only the rows around the screen (see `rowList`): it renders again when the
 * page, the element or any box around it scrolls, the window is resized, or the focus moves. Scroll events do not
 * bubble, nor leave a shadow root, so each ancestor up to the window is listened to, walked as on
 * screen (through slots); the walk is made again each time the element is connected.
 */
export class ScrollWatch implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #watching: () => boolean;
  #targets: EventTarget[] = [];

  /** `watching`: whether the list is long enough to render a window of rows. */
  constructor(host: ReactiveElement, watching: () => boolean) {
    this.#host = host;
    this.#watching = watching;
    host.addController(this);
  }

  hostConnected(): void {
    const targets: EventTarget[] = [window];
    // The flat tree, as boxes nest on screen: a slotted element sits in its slot's box, in the shadow
    // root of the component that slots it, not in that component's light-DOM parent.
    for (let node: Node | null = this.#host; node; node = node instanceof ShadowRoot ? node.host : ((node as Element).assignedSlot ?? node.parentNode)) {
      if (node instanceof Element) targets.push(node);
    }
    for (const target of targets) target.addEventListener('scroll', this.#onMove, { passive: true });
    window.addEventListener('resize', this.#onMove, { passive: true });
    // A row kept only because it held the focus goes once the focus leaves it. On the shadow root:
    // focus moving to another row of the list does not reach the host.
    this.#host.renderRoot.addEventListener('focusout', this.#onMove);
    this.#targets = targets;
  }

  hostDisconnected(): void {
    for (const target of this.#targets) target.removeEventListener('scroll', this.#onMove);
    window.removeEventListener('resize', this.#onMove);
    this.#host.renderRoot.removeEventListener('focusout', this.#onMove);
    this.#targets = [];
  }

  #onMove = () => {
    if (this.#watching()) this.#host.requestUpdate();
  };
}

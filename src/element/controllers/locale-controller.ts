import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { watchLocales } from '../i18n/locales.ts';

/**
 * Renders the host again when its words may have changed while it sits idle on the page: a
 * translation registered later (`await import('resumable-upload/locales/de')`), or a `lang`
 * changed up the page (a language menu that sets `<html lang>`).
 */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #changed: () => void;
  readonly #langs: MutationObserver;
  #stop: (() => void) | undefined;

  /** `changed` drops what the host keeps of its words, before it renders. */
  constructor(host: ReactiveControllerHost, changed: () => void) {
    this.#host = host;
    this.#changed = changed;
    this.#langs = new MutationObserver(() => host.requestUpdate());
    host.addController(this);
  }

  hostConnected(): void {
    this.#stop = watchLocales(() => {
      this.#changed();
      this.#host.requestUpdate();
    });
    this.#langs.observe(document.documentElement, { attributeFilter: ['lang'], subtree: true });
  }

  hostDisconnected(): void {
    this.#stop?.();
    this.#langs.disconnect();
  }
}

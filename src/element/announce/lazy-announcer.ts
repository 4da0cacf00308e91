import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadItem } from '../../queue/item/upload-item.ts';
import type { AllAction, Announcer, AnnouncerSettings, Happening } from './announcer.ts';

/**
 * The live region's announcer, loaded with the first thing worth saying: a page whose element only
 * waits for files does not fetch it. Calls made while it loads are handed over in order; an
 * action on all files is counted at the moment it is called, before it acts.
 */
export class LazyAnnouncer implements ReactiveController {
  readonly #host: ReactiveControllerHost & Node;
  readonly #settings: AnnouncerSettings;
  #real: Announcer | undefined;
  #waiting: ((announcer: Announcer) => void)[] = [];

  constructor(host: ReactiveControllerHost & Node, settings: AnnouncerSettings) {
    this.#host = host;
    this.#settings = settings;
    host.addController(this);
  }

  /** The current message, one paragraph per sentence, and the language it was made in. */
  get message(): readonly string[] {
    return this.#real?.message ?? [];
  }

  get messageLang(): string {
    return this.#real?.messageLang ?? '';
  }

  say(happening: Happening, item: UploadItem): void {
    this.#use((announcer) => announcer.say(happening, item));
  }

  sayAll(action: AllAction): void {
    const before = this.#settings.tally();
    this.#use((announcer) => announcer.sayAll(action, before));
  }

  sayInterrupted(): void {
    this.#use((announcer) => announcer.sayInterrupted());
  }

  hostDisconnected(): void {
    this.#real?.hostDisconnected();
  }

  #use(call: (announcer: Announcer) => void): void {
    if (this.#real) return call(this.#real);
    if (this.#waiting.push(call) > 1) return;
    import('./announcer.ts').then(
      ({ Announcer }) => {
        const real = (this.#real = new Announcer(this.#host, this.#settings));
        this.#waiting.splice(0).forEach((waiting) => waiting(real));
      },
      // Not loaded (the network failed): these are lost, the next call tries again.
      () => (this.#waiting = []),
    );
  }
}

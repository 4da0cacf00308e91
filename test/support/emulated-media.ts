// What the browser tests may ask the emulateMedia command for (test/support/browser-commands.ts).

/** Media features to emulate; null clears an override. */
export interface EmulatedMedia {
  colorScheme?: 'light' | 'dark' | null;
  reducedMotion?: 'reduce' | 'no-preference' | null;
  forcedColors?: 'active' | 'none' | null;
}

/** No emulation at all: what each test leaves behind. */
export const noEmulatedMedia: EmulatedMedia = { colorScheme: null, reducedMotion: null, forcedColors: null };

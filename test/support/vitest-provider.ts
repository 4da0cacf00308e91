// Vitest's Playwright provider for one engine of the rig, launched as test/support/browsers.ts says.
import { playwright } from '@vitest/browser-playwright';
import type { Frame, Page } from 'playwright';
import { launchOptions, type Engine } from './browsers.ts';

interface CommandsContext {
  page: Page;
  frame(): Promise<Frame>;
}

export function vitestProvider(engine: Engine): ReturnType<typeof playwright> {
  const provider = playwright({ launchOptions: launchOptions(engine) });
  return {
    ...provider,
    providerFactory(project) {
      const instance = provider.providerFactory(project) as unknown as { getCommandsContext(sessionId: string): CommandsContext };
      const commandsContext = instance.getCommandsContext.bind(instance);
      instance.getCommandsContext = (sessionId) => {
        const context = commandsContext(sessionId);
        const byName = context.frame.bind(context);
        // The test frame is found by its name, which Playwright's BiDi pages (Firefox) may not know yet
        // while several files run: then by its element.
        context.frame = async () => {
          try {
            return await byName();
          } catch (error) {
            const frame = await (await context.page.$('iframe[data-vitest="true"]'))?.contentFrame();
            if (frame) return frame;
            throw error;
          }
        };
        return context;
      };
      return instance as unknown as ReturnType<typeof provider.providerFactory>;
    },
  };
}

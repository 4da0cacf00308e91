// Vitest's provider for one engine of the rig: Playwright's for Chromium and Firefox, launched as
// test/support/browsers.ts says; WebdriverIO's for WebKit, through WebKitWebDriver (webkit-driver.ts).
import { playwright } from '@vitest/browser-playwright';
import { webdriverio } from '@vitest/browser-webdriverio';
import type { BrowserProviderOption } from 'vitest/node';
import type { Frame, Page } from 'playwright';
import { launchOptions, type Engine, type PlaywrightEngine } from './browsers.ts';
import { startWebKitDriver, type WebKitDriver } from './webkit-driver.ts';

interface CommandsContext {
  page: Page;
  frame(): Promise<Frame>;
}

export function vitestProvider(engine: Engine): BrowserProviderOption {
  return engine === 'webkit' ? webkitProvider() : playwrightProvider(engine);
}

interface WebdriverProvider {
  options: Record<string, unknown>;
  openBrowser(): Promise<unknown>;
  buildCapabilities(): Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * WebdriverIO's provider knows Safari, not WebKitGTK: the instance is named "webkit" for vitest, and the
 * session asks WebKitWebDriver for "MiniBrowser", the only browser name it matches. This build speaks
 * classic WebDriver only (no BiDi).
 */
function webkitProvider(): BrowserProviderOption {
  const provider = webdriverio();
  return {
    ...provider,
    supportedBrowser: ['webkit'],
    providerFactory(project) {
      const instance = provider.providerFactory(project) as unknown as WebdriverProvider;
      let driver: Promise<WebKitDriver> | undefined;
      const openBrowser = instance.openBrowser.bind(instance);
      instance.openBrowser = async () => {
        driver ??= startWebKitDriver();
        const { port } = await driver;
        instance.options = { ...instance.options, hostname: '127.0.0.1', port };
        return openBrowser();
      };
      instance.buildCapabilities = () => ({ browserName: 'MiniBrowser', 'wdio:enforceWebDriverClassic': true });
      const close = instance.close.bind(instance);
      instance.close = async () => {
        try {
          await close();
        } finally {
          await driver?.then(({ stop }) => stop(), () => undefined); // a driver that never started has nothing to stop
        }
      };
      return instance as unknown as ReturnType<typeof provider.providerFactory>;
    },
  };
}

function playwrightProvider(engine: PlaywrightEngine): BrowserProviderOption {
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

#!/usr/bin/env node
// Playwright launches stock Firefox (its `moz-firefox` channel) over WebDriver BiDi, and starts it
// through this file: Firefox ESR has no `emulation.setMediaFeaturesOverride`, which Playwright sends
// for every new page. This stands between the two: it starts the real Firefox (FIREFOX_REAL_PATH)
// with the same arguments, passes every BiDi message through, and does that one command itself
// with Firefox's own per-tab overrides (the ones its devtools use), read from the parent process.
// The same overrides are reachable from the test rig through a control socket (FIREFOX_CONTROL_SOCKET),
// for the media features Playwright does not send over BiDi (prefers-reduced-motion).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import { WebSocket, WebSocketServer } from 'ws';

const firefoxPath = process.env.FIREFOX_REAL_PATH;
if (!firefoxPath) {
  console.error('FIREFOX_REAL_PATH is not set: it names the Firefox this launcher starts.');
  process.exit(1);
}

// System access lets BiDi evaluate scripts in the browser's own window, where the overrides live.
const firefox = spawn(firefoxPath, ['--remote-allow-system-access', ...process.argv.slice(2)], { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => firefox.kill(signal));

/** BiDi media feature → the browsing context field that overrides it ("none": no override). */
const OVERRIDES = {
  'prefers-color-scheme': 'prefersColorSchemeOverride',
  'prefers-reduced-motion': 'prefersReducedMotionOverride',
  'forced-colors': 'forcedColorsOverride',
};

let upstream;
let pipe;
firefox.stderr.setEncoding('utf8');
let stderrLine = '';
firefox.stderr.on('data', (chunk) => {
  stderrLine += chunk;
  const lines = stderrLine.split('\n');
  stderrLine = lines.pop();
  for (const line of lines) {
    const match = line.match(/WebDriver BiDi listening on (ws:\/\/\S+)/);
    if (!match) {
      process.stderr.write(`${line}\n`);
      continue;
    }
    upstream = match[1];
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('listening', () => process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${server.address().port}\n`));
    server.on('connection', (client, request) => {
      pipe = new BidiPipe(client, new WebSocket(upstream + request.url));
    });
  }
});

const unobservedNetwork = process.env.FIREFOX_BIDI_NETWORK === 'off';
const NETWORK_OBSERVERS = new Set(['session.subscribe', 'network.addIntercept', 'network.addDataCollector']);

/** Our own commands to Firefox use ids far above Playwright's, so their answers are told apart. */
let ownId = 2 ** 40;

class BidiPipe {
  #pending = new Map();
  #queue = [];
  #open = false;
  /** Per user context, the media features new tabs get (Playwright's context options). */
  #defaults = new Map();
  #chromeContext;
  #toClient = Promise.resolve();

  constructor(client, firefox) {
    this.client = client;
    this.firefox = firefox;
    firefox.on('open', () => {
      this.#open = true;
      for (const message of this.#queue.splice(0)) firefox.send(message);
    });
    firefox.on('message', (data) => this.#fromFirefox(String(data)));
    firefox.on('close', () => client.close());
    client.on('message', (data) => this.#fromClient(String(data)));
    client.on('close', () => firefox.close());
  }

  #send(text) {
    if (this.#open) this.firefox.send(text);
    else this.#queue.push(text);
  }

  command(method, params) {
    const id = ownId++;
    this.#send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  async #fromClient(text) {
    const message = JSON.parse(text);
    if (unobservedNetwork && NETWORK_OBSERVERS.has(message.method)) return this.#withoutNetwork(message);
    if (message.method !== 'emulation.setMediaFeaturesOverride') return this.#send(text);
    try {
      const { features = {}, contexts, userContexts } = message.params;
      if (userContexts) for (const userContext of userContexts) this.#defaults.set(userContext, features);
      await this.applyMedia(features, contexts ?? (await this.#topContexts(userContexts)));
      this.client.send(JSON.stringify({ type: 'success', id: message.id, result: {} }));
    } catch (error) {
      this.client.send(JSON.stringify({ type: 'error', id: message.id, error: 'unknown error', message: String(error?.message ?? error) }));
    }
  }

  /**
   * FIREFOX_BIDI_NETWORK=off (the benchmark): Firefox's agent observes no request. Observing one
   * reads its whole body into a string in the parent process, which makes every upload cost memory
   * and time that a user's Firefox does not spend. Playwright then sees no network events.
   */
  #withoutNetwork(message) {
    const { method, params } = message;
    if (method === 'session.subscribe') {
      const events = params.events.filter((event) => !event.startsWith('network'));
      if (events.length > 0) return this.#send(JSON.stringify({ ...message, params: { ...params, events } }));
    }
    const fake = `unobserved-${message.id}`;
    const result = method === 'network.addIntercept' ? { intercept: fake } : method === 'network.addDataCollector' ? { collector: fake } : { subscription: fake };
    this.client.send(JSON.stringify({ type: 'success', id: message.id, result }));
  }

  #fromFirefox(text) {
    const message = JSON.parse(text);
    const pending = this.#pending.get(message.id);
    if (pending) {
      this.#pending.delete(message.id);
      if (message.type === 'success') pending.resolve(message.result);
      else pending.reject(new Error(`${message.error}: ${message.message}`));
      return;
    }
    // Messages reach Playwright in Firefox's order, each after the one before it was handled.
    this.#toClient = this.#toClient.then(async () => {
      // A new tab gets its user context's media features before Playwright hears of it.
      if (message.method === 'browsingContext.contextCreated' && !message.params.parent) {
        const features = this.#defaults.get(message.params.userContext);
        if (features) await this.applyMedia(features, [message.params.context]).catch(() => {});
      }
      this.client.send(text);
    });
  }

  async #topContexts(userContexts) {
    const { contexts } = await this.command('browsingContext.getTree', { maxDepth: 0 });
    return contexts.filter((context) => !userContexts || userContexts.includes(context.userContext)).map((context) => context.context);
  }

  /** Sets (or clears, for null) each feature's override on the tabs holding these browsing contexts. */
  async applyMedia(features, contexts) {
    const assignments = Object.entries(features).map(([name, value]) => {
      const field = OVERRIDES[name];
      if (!field) throw new Error(`No override for the media feature ${name}`);
      return [field, value ?? 'none'];
    });
    if (assignments.length === 0 || contexts.length === 0) return;
    this.#chromeContext ??= (await this.command('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 })).contexts[0].context;
    const expression = `(() => {
      const { NavigableManager } = ChromeUtils.importESModule('chrome://remote/content/shared/NavigableManager.sys.mjs');
      for (const id of ${JSON.stringify(contexts)}) {
        const top = NavigableManager.getBrowsingContextById(id)?.top;
        if (top) for (const [field, value] of ${JSON.stringify(assignments)}) top[field] = value;
      }
    })()`;
    const result = await this.command('script.evaluate', { expression, target: { context: this.#chromeContext }, awaitPromise: false });
    if (result.type === 'exception') throw new Error(`Setting media overrides failed: ${result.exceptionDetails.text}`);
  }
}

// The rig's own channel: POST {"url", "features": {"prefers-reduced-motion": "reduce"}} sets
// features on the tabs showing that page (the test runner keeps several tabs open at once).
const controlSocket = process.env.FIREFOX_CONTROL_SOCKET;
if (controlSocket) {
  rmSync(controlSocket, { force: true });
  const control = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    try {
      if (!pipe) throw new Error('No BiDi session yet');
      const { url, features } = JSON.parse(body);
      const { contexts } = await pipe.command('browsingContext.getTree', { maxDepth: 0 });
      const tabs = contexts.filter((context) => context.url === url).map((context) => context.context);
      if (tabs.length === 0) throw new Error(`No tab shows ${url}`);
      await pipe.applyMedia(features, tabs);
      response.end('ok');
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error?.message ?? error));
    }
  });
  control.listen(controlSocket);
  process.on('exit', () => rmSync(controlSocket, { force: true }));
}

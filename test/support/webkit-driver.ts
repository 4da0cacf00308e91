// WebKitGTK's WebDriver for the WebKit browser tests: WebKitWebDriver on a free loopback port, and,
// when there is no display, an Xvfb of our own for MiniBrowser to draw into (WebKitGTK has no headless
// mode). Both are ended with the provider, or with this process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { browserExecutable } from './browsers.ts';

export interface WebKitDriver {
  port: number;
  stop(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on the first free display and resolves with its name (":99"), from `-displayfd`. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(browserExecutable('xvfb'), ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let errors = '';
    xvfb.stderr!.on('data', (chunk) => (errors += chunk));
    (xvfb.stdio[3] as NodeJS.ReadableStream).once('data', (chunk) => resolve({ display: `:${String(chunk).trim()}`, process: xvfb }));
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it had a display: ${errors.trim()}`)));
  });
}

async function ready(port: number, driver: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/status`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

export async function startWebKitDriver(): Promise<WebKitDriver> {
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children.reverse()) if (child.exitCode === null) child.kill();
    process.off('exit', stop);
  };
  process.on('exit', stop);
  try {
    const env = { ...process.env };
    if (!env.DISPLAY && !env.WAYLAND_DISPLAY) {
      const xvfb = await startXvfb();
      children.push(xvfb.process);
      env.DISPLAY = xvfb.display;
    }
    const port = await freePort();
    const driver = spawn(browserExecutable('webkit'), [`--port=${port}`, '--host=local'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(driver);
    await ready(port, driver);
    return { port, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

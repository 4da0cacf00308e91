import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startLinkProxy, type LinkProxy, type LinkSpec } from './link-proxy.ts';

/**
 * The link proxy in a process of its own: the bench's process also runs the servers, writes their
 * files and samples memory, and any of that could hold up the link's timers.
 */
export async function startLinkProxyProcess(targetPort: number, link: LinkSpec): Promise<LinkProxy> {
  const child = fork(fileURLToPath(import.meta.url), [String(targetPort), JSON.stringify(link)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The link proxy exited (${code}) before listening`)));
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

// Run as the child: serve until the parent goes.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const proxy = await startLinkProxy(Number(process.argv[2]), JSON.parse(process.argv[3]!) as LinkSpec);
  process.send(proxy.port);
  process.on('disconnect', () => process.exit(0));
}

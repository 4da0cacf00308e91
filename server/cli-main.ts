import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { usage } from './cli-usage.ts';
import { createReferenceServer, type ReferenceServerOptions } from './reference-server.ts';
import type { ServerHooks } from './server-hooks.ts';

const HELP = '--help lists the options';

/** A whole number >= 0 from a flag, or exit with the flag's name. */
function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number; got "${text}" (${HELP})`);
    process.exit(2);
  }
  return value;
}

const parse = (args: string[]) =>
  parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'public-url': { type: 'string' },
      dir: { type: 'string' },
      'max-upload-bytes': { type: 'string' },
      'max-multipart-bytes': { type: 'string' },
      'max-buffered-bytes': { type: 'string' },
      'session-ttl-ms': { type: 'string' },
      'max-sessions': { type: 'string' },
      'reclaim-idle-ms': { type: 'string' },
      'max-objects': { type: 'string' },
      'body-stall-timeout-ms': { type: 'string' },
      faults: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;

/** The flags, or exit with what is wrong with them. */
function parseFlags(args: string[]) {
  try {
    return parse(args);
  } catch (error) {
    console.error(`${(error as Error).message} (${HELP})`);
    process.exit(2);
  }
}

/** What went wrong listening, in one line a developer can act on. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  if (error.code === 'EADDRINUSE') return `Port ${port} on ${host} is in use; stop what listens there or pick another with --port (0: any free port)`;
  if (error.code === 'EACCES') return `No permission to listen on ${where} (ports below 1024 need privileges); pick another with --port`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return `Cannot listen on ${host}: not an address of this machine (--host)`;
  return `Cannot listen on ${where}: ${error.message}`;
}

/**
 * The reference server's command line: parses `args`, serves until SIGINT or SIGTERM. `--faults`
 * attaches `testingLayer()`; a build without one (the published command) refuses that flag.
 */
export async function runCli(args: string[], testingLayer?: () => ServerHooks): Promise<void> {
  const values = parseFlags(args);
  if (values.help) {
    console.log(usage(testingLayer !== undefined));
    process.exit(0);
  }
  const port = wholeNumber('port', values.port ?? process.env.PORT ?? '8787')!;
  if (port > 65535) {
    console.error(`--port must be 0 to 65535; got ${port}`);
    process.exit(2);
  }

  const options: ReferenceServerOptions = {};
  if (values.faults) {
    if (!testingLayer) {
      console.error('--faults: this build of the server has no test controls; in the resumable-upload repository, npm run server -- --faults has them');
      process.exit(2);
    }
    options.testing = testingLayer();
  }
  if (values['public-url'] !== undefined) options.publicUrl = values['public-url'];
  if (values.dir !== undefined) options.dir = values.dir;
  const numbers = {
    maxUploadBytes: 'max-upload-bytes',
    maxMultipartBytes: 'max-multipart-bytes',
    maxBufferedBytes: 'max-buffered-bytes',
    sessionTtlMs: 'session-ttl-ms',
    maxSessions: 'max-sessions',
    reclaimIdleMs: 'reclaim-idle-ms',
    maxObjects: 'max-objects',
    bodyStallTimeoutMs: 'body-stall-timeout-ms',
  } as const;
  for (const [option, flag] of Object.entries(numbers)) {
    const value = wholeNumber(flag, values[flag]);
    if (value !== undefined) options[option as keyof typeof numbers] = value;
  }
  if (!values.quiet) options.log = (line) => console.log(line);

  const created = options.dir !== undefined && !existsSync(options.dir);
  let server;
  try {
    server = createReferenceServer(options);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }

  let listening;
  try {
    listening = await server.listen(port, values.host);
  } catch (error) {
    console.error(listenError(error as NodeJS.ErrnoException, values.host, port));
    // The temporary directory made for this run would otherwise stay behind.
    if (options.dir === undefined) rmSync(server.dir, { recursive: true, force: true });
    process.exit(1);
  }
  const { url, close } = listening;
  console.log(`Reference upload server on ${url} (bytes in ${server.dir}${created ? ', created' : ''}; test controls ${values.faults ? 'ON' : 'off'})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
}

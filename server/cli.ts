import { parseArgs } from 'node:util';
import { createReferenceServer, type ReferenceServerOptions } from './reference-server.ts';

const USAGE = `npm run server -- [options]: the reference server on its own, for local development and trying clients.

  --port N               port to listen on (default: $PORT or 8787; 0 for any free port)
  --host ADDRESS         address to listen on (default: 127.0.0.1, this machine only)
  --public-url URL       the server's address as clients reach it, for session URIs (Location);
                         default: the loopback origin a request asked for (localhost),
                         else the address and port it arrived at
  --dir PATH             where uploaded bytes go (default: a new temporary directory)
  --max-upload-bytes N   the largest upload; larger ones get 413 (default: 5 GiB)
  --session-ttl-ms N     idle sessions expire after this long and are forgotten (default: 7 days)
  --max-sessions N       sessions held at once (finished ones make room); beyond, starts get 503
                         (default: 1000)
  --max-objects N        finished objects kept, the oldest deleted beyond (default: 1000)
  --faults               test controls: X-Test-Faults and /__control/… (anyone who reaches the
                         server can then make it misbehave; for tests and demos only)
  --quiet                no line per request
  --help                 this text`;

/** A whole number >= 0 from a flag, or exit with the flag's name. */
function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number; got "${text}"\n\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'public-url': { type: 'string' },
      dir: { type: 'string' },
      'max-upload-bytes': { type: 'string' },
      'session-ttl-ms': { type: 'string' },
      'max-sessions': { type: 'string' },
      'max-objects': { type: 'string' },
      faults: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = wholeNumber('port', values.port ?? process.env.PORT ?? '8787')!;
if (port > 65535) {
  console.error(`Not a port: ${port}`);
  process.exit(2);
}

const options: ReferenceServerOptions = { faults: values.faults };
if (values['public-url'] !== undefined) options.publicUrl = values['public-url'];
if (values.dir !== undefined) options.dir = values.dir;
const numbers = { maxUploadBytes: 'max-upload-bytes', sessionTtlMs: 'session-ttl-ms', maxSessions: 'max-sessions', maxObjects: 'max-objects' } as const;
for (const [option, flag] of Object.entries(numbers)) {
  const value = wholeNumber(flag, values[flag]);
  if (value !== undefined) options[option as keyof typeof numbers] = value;
}
if (!values.quiet) options.log = (line) => console.log(line);

let server;
try {
  server = createReferenceServer(options);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { url, close } = await server.listen(port, values.host);
console.log(`Reference upload server on ${url} (bytes in ${server.dir}; test controls ${values.faults ? 'ON' : 'off'})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void close().then(() => process.exit(0)));
}

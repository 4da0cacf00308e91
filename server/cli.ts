import { createReferenceServer } from './reference-server.ts';

// `npm run server [-- --port 8787]`: the reference server on its own, for trying clients against it.
const flag = process.argv.indexOf('--port');
const port = Number(flag >= 0 ? process.argv[flag + 1] : (process.env.PORT ?? 8787));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${flag >= 0 ? process.argv[flag + 1] : process.env.PORT}`);
  process.exit(2);
}
const server = createReferenceServer({ log: (line) => console.log(line) });
const { url, close } = await server.listen(port, '127.0.0.1');
console.log(`Reference upload server on ${url} (bytes in ${server.dir})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void close().then(() => process.exit(0)));
}

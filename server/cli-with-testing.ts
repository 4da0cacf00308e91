// `npm run server`: the reference server's command with its testing layer, `--faults` on demand.
import { runCli } from './cli-main.ts';
import { createTestingLayer } from './testing/index.ts';

await runCli(process.argv.slice(2), createTestingLayer);

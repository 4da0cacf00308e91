// The `resumable-upload-server` command (dist/server/cli.js): the reference server without its testing layer.
import { runCli } from './cli-main.ts';

await runCli(process.argv.slice(2));

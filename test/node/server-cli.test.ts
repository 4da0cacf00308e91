/**
 * `npm run server` (server/cli-with-testing.ts) and the published command (server/cli.ts) as a developer meets them: a --dir that does not exist yet is
 * created and used, a bad one or a port in use is one clear line on stderr and a non-zero exit,
 * never a stack trace or a server that answers every upload with 500.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { send } from './support/http-client.ts';

const repository = path.resolve(import.meta.dirname, '../..');
// tsx as a loader in the CLI's own process: tsx's command would run it in a child and relay signals,
// and on a busy machine that relay can end the child with SIGTERM before the CLI's own handler runs.
const TSX_LOADER = ['--import', 'tsx'];
const scratch = mkdtempSync(path.join(tmpdir(), 'server-cli-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI until it exits or prints the address it serves on; then `whileRunning` gets that
 * origin, and the process is stopped (SIGTERM) before the outcome is returned. Its temporary
 * directories go to `tmp` (TMPDIR).
 */
function cli(
  args: string[],
  { tmp = tmpdir(), entry = 'server/cli.ts', whileRunning = async () => {} }: { tmp?: string; entry?: string; whileRunning?: (origin: string) => Promise<void> } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [...TSX_LOADER, entry, '--quiet', ...args], { cwd: repository, env: { ...process.env, PORT: '', TMPDIR: tmp } });
  let stdout = '';
  let stderr = '';
  let working: Promise<void> | undefined;
  child.stdout.on('data', (part: Buffer) => {
    stdout += part.toString();
    const origin = /on (http:\/\/\S+) /.exec(stdout)?.[1];
    if (origin && !working) working = whileRunning(origin).finally(() => child.kill('SIGTERM'));
  });
  child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => void (working ?? Promise.resolve()).then(() => resolve({ code, stdout, stderr }), reject));
  });
}

function expectOneLineError(run: Run, pattern: RegExp) {
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(pattern)]);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('--help', () => {
  it('offers --faults in npm run server only: the published command refuses it', async () => {
    const published = await cli(['--help']);
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('--max-sessions N');
    expect(published.stdout).not.toContain('--faults');
    const withTesting = await cli(['--help'], { entry: 'server/cli-with-testing.ts' });
    expect(withTesting.stdout).toContain('--faults');
  });
});

describe('npm run server', () => {
  it('creates a --dir that does not exist, and stores uploads there', async () => {
    const dir = path.join(scratch, 'new', 'uploads');
    let stored: Record<string, unknown> = {};
    const run = await cli(['--port', '0', '--dir', dir], {
      whileRunning: async (origin) => {
        const answer = await send(`${origin}/upload/x?uploadType=media`, { method: 'POST', body: 'hello' });
        expect(answer.status).toBe(200);
        stored = answer.json();
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`bytes in ${dir.replace(/[/\\.]/g, '\\$&')}, created`));
    expect(readdirSync(dir)).toEqual([stored.id]);
  }, 60_000);

  it('refuses a --dir that is a file, in one line', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    expectOneLineError(await cli(['--port', '0', '--dir', file]), /^dir ".*a-file" cannot hold uploads: /);
    expectOneLineError(await cli(['--port', '0', '--dir', path.join(file, 'below')]), /^dir ".*below" cannot hold uploads: /);
  }, 60_000);

  it('says in one line that the port is in use, and leaves no temporary directory behind', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const tmp = path.join(scratch, 'tmp');
    mkdirSync(tmp);
    try {
      const run = await cli(['--port', String(port)], { tmp });
      expectOneLineError(run, new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is in use; .*--port`));
      expect(run.code).toBe(1);
    } finally {
      taken.close();
    }
    expect(readdirSync(tmp).filter((name) => name.startsWith('resumable-upload-'))).toEqual([]);
  }, 60_000);

  it('has the test controls with --faults in npm run server, and refuses --faults in the published command', async () => {
    let controls = 0;
    const run = await cli(['--port', '0', '--faults'], {
      entry: 'server/cli-with-testing.ts',
      whileRunning: async (origin) => {
        controls = (await send(`${origin}/__control/faults`, { method: 'POST', body: '[]' })).status;
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/test controls ON/);
    expect(controls).toBe(204);
    const published = await cli(['--port', '0', '--faults']);
    expectOneLineError(published, /^--faults: this build of the server has no test controls; .*npm run server -- --faults/);
    expect(published.code).toBe(2);
  }, 60_000);

  it('names a bad flag value in one line', async () => {
    expectOneLineError(await cli(['--port', 'eighty']), /^--port must be a whole number; got "eighty" \(--help lists the options\)$/);
    expectOneLineError(await cli(['--max-sessions', '0', '--port', '0']), /maxSessions must be a whole number >= 1/);
  }, 60_000);
});

#!/usr/bin/env node
// The Firefox defect behind the e2e axe workaround (e2e/support/element-page.ts), without Playwright:
// reading an element's `ariaLabelledByElements` from the page's realm and from a WebDriver BiDi
// sandbox (where Playwright's injected code runs) crashes the content process with SIGSEGV.
// Either realm alone, or two different elements, do not. Firefox ESR 153: crashes every time.
//   node scripts/firefox-aria-crash.mjs            # exit 1: crashed, 0: no crash (fixed)
//   FIREFOX_PATH=/path/to/firefox node scripts/firefox-aria-crash.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';

const page = '<form id=f aria-labelledby=t><h2 id=t>Title</h2></form>';
const server = createServer((request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page)).listen(0, '127.0.0.1');
await new Promise((resolve) => server.on('listening', resolve));

const profile = mkdtempSync(join(tmpdir(), 'firefox-aria-crash-'));
const firefox = spawn(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', ['--headless', '--remote-debugging-port', '0', '--profile', profile], { stdio: ['ignore', 'pipe', 'pipe'] });
let crashed = false;
const watch = (chunk) => (crashed ||= /content process crashed|exited on signal 11/.test(String(chunk)));
firefox.stdout.on('data', watch);
const bidiUrl = await new Promise((resolve) => {
  let text = '';
  firefox.stderr.on('data', (chunk) => {
    watch(chunk);
    text += chunk;
    const match = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(text);
    if (match) resolve(match[1]);
  });
});

const socket = new WebSocket(`${bidiUrl}/session`);
await new Promise((resolve) => socket.on('open', resolve));
const pending = new Map();
let lastId = 0;
socket.on('message', (data) => {
  const message = JSON.parse(String(data));
  pending.get(message.id)?.(message);
  pending.delete(message.id);
});
socket.on('close', () => pending.forEach((resolve) => resolve({ type: 'closed' })));
const send = (method, params) => new Promise((resolve) => {
  pending.set(++lastId, resolve);
  socket.send(JSON.stringify({ id: lastId, method, params }));
});

await send('session.new', { capabilities: {} });
const context = (await send('browsingContext.getTree', {})).result.contexts[0].context;
await send('browsingContext.navigate', { context, url: `http://127.0.0.1:${server.address().port}/`, wait: 'complete' });
const expression = "String(document.getElementById('f').ariaLabelledByElements.length)";
for (const target of [{ context, sandbox: 'utility' }, { context }]) {
  const answer = await send('script.evaluate', { expression, target, awaitPromise: false });
  console.log(`${target.sandbox ? 'sandbox' : 'page'}: ${answer.type === 'success' ? JSON.stringify(answer.result.result ?? answer.result.exceptionDetails?.text) : answer.type}`);
}
await new Promise((resolve) => setTimeout(resolve, 1000));
console.log(crashed ? "the content process crashed (SIGSEGV) on the page's read" : 'no crash');
firefox.kill();
server.close();
await new Promise((resolve) => firefox.on('exit', resolve));
rmSync(profile, { recursive: true, force: true });
process.exit(crashed ? 1 : 0);

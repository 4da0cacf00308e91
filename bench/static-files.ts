import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** Serves the built bench page from `root`; `/` is its index.html. */
export function staticFiles(root: string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname));
    const isFile = file.startsWith(root) && statSync(file, { throwIfNoEntry: false })?.isFile();
    if (!isFile) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  };
}

// A tiny static host like GitHub Pages: the files of a build directory under a sub-path, anything
// else 404.html with a 404. The directory is read on every request, so a test can "deploy" a new
// build by pointing it elsewhere.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

export interface PagesServer {
  origin: string;
  close: () => Promise<void>;
}

/** `headers`: more to send with every file (a CDN's `Vary: Origin`). */
export async function servePages(
  base: string,
  dir: () => string,
  headers: Record<string, string> = {},
): Promise<PagesServer> {
  const server: Server = createServer((req, res) => {
    const root = dir();
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const inside = path.startsWith(base) ? normalize(path.slice(base.length)) : null;
    let file = inside === null || inside.startsWith('..') ? null : join(root, inside);
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = file !== null && existsSync(file);
    const served = found ? file! : join(root, '404.html');
    res.writeHead(found ? 200 : 404, {
      'content-type': TYPES[extname(served)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...headers,
    });
    res.end(readFileSync(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

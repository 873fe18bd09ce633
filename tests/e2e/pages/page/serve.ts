import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.pdf': 'application/pdf' };

export interface PageServer {
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Serves this folder's pages on 127.0.0.1. Paths under /spa/ are the
 * single-page app's routes and all answer with its shell, as such servers do.
 */
export async function servePages(): Promise<PageServer> {
  const root = import.meta.dirname;
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = path.startsWith('/spa/') ? 'spa.html' : normalize(path).replace(/^[/\\]+/, '');
    try {
      const body = await readFile(join(root, file));
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}/${path.replace(/^\//, '')}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

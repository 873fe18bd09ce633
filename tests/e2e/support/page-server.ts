import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';

export interface PageServer {
  /** `http://127.0.0.1:<port>`, with the port the system chose. */
  origin: string;
  url(file: string): string;
  close(): Promise<void>;
}

/** Serves the HTML files of `dir` on loopback, as the web pages the extension reads, answers and speaks. */
export async function servePages(dir: string): Promise<PageServer> {
  const server = createServer((req, res) => {
    let body: Buffer;
    try {
      body = readFileSync(join(dir, (req.url ?? '/').slice(1).split('?')[0]!));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (file) => `${origin}/${file}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** Selects the whole text of the element `selector` names in `target`, as a drag over it would; returns that text. */
export async function selectText(target: Page | Frame, selector: string): Promise<string> {
  return target.evaluate((css) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(css)!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return getSelection()!.toString().trim();
  }, selector);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** JavaScript the side panel's HTML pulls in before any lazy import: its entry script and modulepreloads. */
export function firstLoadJs(extensionDir: string): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(extensionDir, 'sidepanel.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(extensionDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

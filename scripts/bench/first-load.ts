import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most JavaScript (gzip) the side panel may load before the empty chat paints (issue 11). */
export const FIRST_LOAD_BUDGET_GZIP = 130 * 1024;

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

/** One line: the first-load size against its budget, and the files counted. */
export function describeFirstLoad(size: { files: string[]; raw: number; gzip: number }): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const verdict = size.gzip <= FIRST_LOAD_BUDGET_GZIP ? 'within budget' : 'OVER budget';
  return (
    `Side panel first-load JS: ${kb(size.raw)} raw, ${kb(size.gzip)} gzip (${size.files.join(', ')})` +
    `  ${verdict} (${kb(FIRST_LOAD_BUDGET_GZIP)} gzip)`
  );
}

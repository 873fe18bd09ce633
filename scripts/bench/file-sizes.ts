import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Size {
  raw: number;
  gzip: number;
}

/** Bytes of each built file as shipped and as gzip -9 sends it. */
export function fileSize(dir: string, file: string): Size {
  const bytes = readFileSync(join(dir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The sum of `fileSize` over the files. */
export function totalSize(dir: string, files: readonly string[]): Size {
  return files.map((file) => fileSize(dir, file)).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingMarkers } from '../../../scripts/bench/build-markers';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(page: string, scripts: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'parley-bench-markers-'));
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(join(dir, 'sidepanel.html'), page);
  for (const [name, text] of Object.entries(scripts)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("a build's markers for the bench", () => {
  it('are all found in a build that has them, in its page, its chunks and its top-level scripts', () => {
    const extension = build('<textarea id="early-composer"></textarea>', {
      'chunks/app-1.js': 'className:"model-picker"',
      'early-composer.js': 'id="early-screen"',
    });
    expect(missingMarkers(extension)).toEqual([]);
  });

  it('name what a build lacks, so a renamed element is reported before it is waited for', () => {
    const extension = build('<textarea id="composer"></textarea>', { 'chunks/app-1.js': 'className:"picker"', 'early-composer.js': '' });
    expect(missingMarkers(extension)).toEqual([
      expect.stringContaining('#early-composer'),
      expect.stringContaining('button.model-picker'),
      expect.stringContaining('#early-screen'),
    ]);
  });
});

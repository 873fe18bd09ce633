import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_GZIP, firstLoadJs } from '../../scripts/bench/first-load';

const EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');

// Sizes, not speed: the built panel's first load is a fact of the build, the same on every machine.
describe('side panel first load', () => {
  const size = firstLoadJs(EXTENSION_DIR);
  const firstLoadSource = size.files.map((file) => readFileSync(join(EXTENSION_DIR, file), 'utf8')).join('\n');

  it('stays within its gzip budget', () => {
    expect(size.files.length).toBeGreaterThan(0);
    expect(size.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
  });

  it('leaves speech, dictation and the page reader to load when first used', () => {
    // Strings found only in those modules: the Edge voice service's host, the recorder, and the reader bar's speed control.
    const markers = ['speech.platform.bing.com', 'MediaRecorder', 'reader-speed'];
    expect(markers.filter((marker) => firstLoadSource.includes(marker))).toEqual([]);
  });
});

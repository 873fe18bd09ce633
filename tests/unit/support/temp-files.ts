import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Makes folders of JSON files, each file given by its path inside (`en-US/chat.json`); every folder made is removed
 * after each test of the file that calls this.
 */
export function jsonFolders(): (files: Record<string, unknown>) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-'));
    made.push(dir);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), JSON.stringify(content));
    }
    return dir;
  };
}

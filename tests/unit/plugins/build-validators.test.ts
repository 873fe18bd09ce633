import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = new URL('../../../scripts/build-validators.mjs', import.meta.url);
const generated = new URL('../../../lib/plugins/generated/validators.js', import.meta.url);
const declarations = new URL('../../../lib/plugins/generated/validators.d.ts', import.meta.url);

const run = () => execFileSync(process.execPath, [script.pathname], { encoding: 'utf8' });

describe('scripts/build-validators.mjs', () => {
  it('emits a self-contained module: no imports, no require, no runtime code generation', () => {
    run();
    const code = readFileSync(generated, 'utf8');
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/new Function|\beval\s*\(/);
    for (const name of ['validateManifestSchema', 'validateIndexSchema', 'validateIndexEntrySchema']) {
      expect(code).toContain(`export const ${name} =`);
      expect(readFileSync(declarations, 'utf8')).toContain(`export declare const ${name}:`);
    }
  });

  it('leaves unchanged output untouched when run again', () => {
    run();
    const before = [statSync(generated).mtimeMs, statSync(declarations).mtimeMs];
    expect(run()).toBe('');
    expect([statSync(generated).mtimeMs, statSync(declarations).mtimeMs]).toEqual(before);
  });
});

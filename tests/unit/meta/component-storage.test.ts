import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const readsPrefs = "import { getPref } from '../../lib/storage/prefs';\nexport const read = getPref;\n";

// Loading the lint config and TypeScript parser takes seconds on a busy machine.
describe('components reach storage through stores and hooks', { timeout: 60_000 }, () => {
  it('refuses a view or helper importing a storage function', async () => {
    expect(await importErrors('components/history/Example.tsx', readsPrefs)).toHaveLength(1);
    expect(await importErrors('components/page/example.ts', readsPrefs)).toHaveLength(1);
    const feed = "import { onStorageChange } from '../../../lib/storage/change-feed';\nexport const f = onStorageChange;\n";
    expect(await importErrors('components/chat/deep/example.ts', feed)).toHaveLength(1);
  });

  it('lets a store, a hook module and the panel state import storage', async () => {
    expect(await importErrors('components/page/example-store.ts', readsPrefs)).toEqual([]);
    expect(await importErrors('components/page/use-example.ts', readsPrefs)).toEqual([]);
    expect(await importErrors('components/state/example.ts', readsPrefs)).toEqual([]);
  });

  it('lets any component import a storage type, which reads nothing', async () => {
    const code = "import type { Prefs } from '../../lib/storage/prefs';\nexport type P = Prefs;\n";
    expect(await importErrors('components/page/Example.tsx', code)).toEqual([]);
  });

  it('still keeps secrets from a store or hook module', async () => {
    const code = "import { x } from '../../lib/storage/secret-vault';\nexport const y = x;\n";
    expect(await importErrors('components/page/use-example.ts', code)).toHaveLength(1);
  });
});

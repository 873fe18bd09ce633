import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function moduleStateErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// Loading the lint config and TypeScript parser takes seconds on a busy machine.
describe('stores hold no module state', { timeout: 60_000 }, () => {
  it('refuses a module-level let or Map in components/state, exported or not', async () => {
    expect(
      await moduleStateErrors('components/state/example.ts', 'let channel: string | undefined;\nexport const c = () => channel;\n'),
    ).toHaveLength(1);
    expect(await moduleStateErrors('components/state/chat/example.ts', 'export let flushAt = 0;\n')).toHaveLength(1);
    expect(
      await moduleStateErrors('components/state/example.ts', 'const sent = new Map<string, string>();\nexport const s = sent;\n'),
    ).toHaveLength(1);
  });

  it('lets a closure made with the store keep its own, and a module keep a read-only constant', async () => {
    const closure = 'export function make() {\n  let held = new Map<string, string>();\n  return () => (held = new Map());\n}\n';
    expect(await moduleStateErrors('components/state/chat/example.ts', closure)).toEqual([]);
    const constant = "const LOCAL: ReadonlySet<string> = new Set(['ollama']);\nexport const local = (k: string) => LOCAL.has(k);\n";
    expect(await moduleStateErrors('components/state/example.ts', constant)).toEqual([]);
  });
});

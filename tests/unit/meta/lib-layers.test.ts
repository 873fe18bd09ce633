import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the lint config and TypeScript parser takes seconds on a busy machine.
describe('lib layering', { timeout: 60_000 }, () => {
  it('refuses an import from a higher layer, relative or by alias', async () => {
    expect(await layerErrors('lib/storage/example.ts', "import type { X } from '../plugins/views';\nexport type Y = X;\n")).toHaveLength(1);
    expect(
      await layerErrors('lib/chat/example.ts', "import { x } from '../../../lib/messaging/client';\nexport const y = x;\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors('lib/core/deep/example.ts', "import { x } from '../../transport/redirect-policy';\nexport const y = x;\n"),
    ).toHaveLength(1);
  });

  it('refuses a feature importing a feature above it, so no two folders import each other', async () => {
    expect(await layerErrors('lib/speech/example.ts', "import { x } from '../reader/session';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('puts the background composition on top: it imports every layer, and none imports it', async () => {
    expect(await layerErrors('lib/messaging/example.ts', "import { x } from '../background/start';\nexport const y = x;\n")).toHaveLength(
      1,
    );
    const code = "import { a } from '../messaging/events';\nimport { b } from '../chat/panel-port';\nexport const c = [a, b];\n";
    expect(await layerErrors('lib/background/example.ts', code)).toEqual([]);
  });

  it('lets a layer import from below and from itself', async () => {
    const code =
      "import { a } from '../core/errors';\nimport { b } from '../speech/words';\nimport { c } from './controller';\nexport const d = [a, b, c];\n";
    expect(await layerErrors('lib/reader/example.ts', code)).toEqual([]);
  });
});

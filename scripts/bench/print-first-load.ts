import { join } from 'node:path';
import { launchExtension } from '../../tests/e2e/support/extension';
import { startOpenAIMock } from '../../tests/mocks/openai-server';
import { fileSize } from './file-sizes';
import { parsedFirstLoad } from './first-load';
import { configureProvider } from './panel-open';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The strict first-load figure alone, file by file, without the other runs of
 * `npm run bench`: `node scripts/run-ts.mjs scripts/bench/print-first-load.ts`.
 */
export async function main(root: string): Promise<void> {
  const extensionDir = join(root, '.output/chrome-mv3');
  const mock = await startOpenAIMock();
  const harness = await launchExtension({ extensionDir });
  try {
    await configureProvider(harness, mock);
    const load = await parsedFirstLoad(harness, extensionDir);
    const rows = load.files.map((file) => ({ file, ...fileSize(extensionDir, file) })).sort((a, b) => b.gzip - a.gzip);
    for (const row of rows) console.log(`${kb(row.gzip).padStart(9)}  ${row.file}`);
    console.log(`First-load JS parsed, empty panel: ${kb(load.raw)} raw, ${kb(load.gzip)} gzip, ${rows.length} files`);
  } finally {
    await harness.close();
    await mock.close();
  }
}

// Runs a TypeScript script that reuses the test harness and mocks: builds the
// extension, bundles the script with esbuild, then calls its `main(root)`.
import { build } from 'esbuild';
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireChromium } from './check-chromium.mjs';

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <script.ts>');
  process.exit(2);
}
requireChromium();
const root = resolve(import.meta.dirname, '..');
execSync('npm run build', { cwd: root, stdio: 'inherit' });
const outfile = resolve(root, '.bench', `${basename(dirname(entry))}-${basename(entry, '.ts')}.mjs`);
mkdirSync(dirname(outfile), { recursive: true });
await build({
  entryPoints: [resolve(root, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const { main } = await import(pathToFileURL(outfile).href);
await main(root);

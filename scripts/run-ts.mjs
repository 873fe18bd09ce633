// Runs a TypeScript script that reuses the test harness and mocks: bundles the
// script with esbuild, checks its arguments, builds the extension, then calls its `main(root, args)`.
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
const { main, checkArgs } = await import(pathToFileURL(outfile).href);
// The script's own arguments (`npm run bench -- --runs 3`), checked before the build so a mistake costs none.
const args = process.argv.slice(3);
try {
  checkArgs?.(args);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
execSync('npm run build', { cwd: root, stdio: 'inherit' });
await main(root, args);

// Builds the extension, bundles the TypeScript benchmark with esbuild (so it can
// reuse the test harness and mocks) and runs it. Prints figures; never fails on them.
import { build } from 'esbuild';
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireChromium } from './check-chromium.mjs';

requireChromium();
const root = resolve(import.meta.dirname, '..');
execSync('npm run build', { cwd: root, stdio: 'inherit' });
mkdirSync(resolve(root, '.bench'), { recursive: true });
const outfile = resolve(root, '.bench/run.mjs');
await build({
  entryPoints: [resolve(root, 'scripts/bench/run.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const { runBench } = await import(pathToFileURL(outfile).href);
await runBench(root);

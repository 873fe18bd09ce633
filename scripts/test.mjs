// `npm test`: every check, two at a time on a two-core machine. The end-to-end tests are the longest stage and need
// only the Chrome build, so that build goes first and they start as soon as it is done; the other checks share the
// second core meanwhile. Listed in the order they are started when more than two are ready.
import { delimiter, join } from 'node:path';
import { requireChromium } from './check-chromium.mjs';
import { runStagesAndExit } from './run-stages.mjs';

requireChromium();

// As npm runs scripts: the project's own tools first on the PATH, also when this file is run with plain node.
const bin = join(import.meta.dirname, '..', 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
/** A stage off the critical path (Chrome build, then end-to-end tests): it takes the CPU those leave idle. */
const beside = (command) => `nice -n 10 ${command}`;

await runStagesAndExit(
  [
    { name: 'validators', command: 'node scripts/build-validators.mjs' },
    { name: 'build', command: 'wxt build', after: ['validators'] },
    { name: 'typecheck', command: beside('tsc --noEmit'), after: ['validators'] },
    { name: 'e2e', command: 'vitest run --config vitest.e2e.config.ts', after: ['build'] },
    { name: 'unit', command: beside('vitest run'), after: ['validators'] },
    { name: 'lint', command: beside('eslint .'), after: ['validators'] },
    { name: 'format', command: beside('prettier --check .') },
    // After the Chrome build, so two wxt builds never write the generated .wxt folder at once.
    { name: 'build:firefox', command: beside('wxt build -b firefox'), after: ['build'] },
    { name: 'lint:firefox', command: beside('node scripts/lint-firefox.mjs'), after: ['build:firefox'] },
    { name: 'test:firefox', command: beside('vitest run --config vitest.firefox.config.ts'), after: ['build:firefox'] },
  ],
  { env },
);

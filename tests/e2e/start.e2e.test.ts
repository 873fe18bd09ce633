// `npm start` for a newcomer: the first tab must show the panel, not ERR_BLOCKED_BY_CLIENT
// from navigating before the extension was loaded. Runs scripts/start.mjs on the built
// extension, headless, with a throwaway profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

it('npm start opens the side panel page once the extension is ready', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'parley-start-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PARLEY_SKIP_BUILD: '1',
      PARLEY_PROFILE_DIR: profile,
      PARLEY_CHROMIUM_ARGS: '--headless=new --disable-gpu --no-sandbox --disable-background-networking --disable-component-update',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so Chromium goes with it
  });
  cleanup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };

  let output = '';
  const outcome = await new Promise<string>((done) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Opened the side panel page|Could not open/.test(output)) done(output);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', () => done(output));
  });

  expect(outcome).not.toContain('Could not open');
  expect(outcome).toMatch(/Opened the side panel page: chrome-extension:\/\/[a-p]{32}\/sidepanel\.html/);
}, 60_000);

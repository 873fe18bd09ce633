// Developer entry point: build the Chrome extension and open it in a real,
// headed Chromium with a profile that persists between runs.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CdpPipe, navigateFirstTab, waitForExtensionWorker } from './cdp-pipe.mjs';
import { requireChromium } from './check-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = join(root, '.output', 'chrome-mv3');
// PARLEY_PROFILE_DIR, PARLEY_SKIP_BUILD and PARLEY_CHROMIUM_ARGS exist for the test of this script.
const profileDir = process.env.PARLEY_PROFILE_DIR ?? join(root, '.output', 'chromium-profile');
const WORKER_TIMEOUT_MS = 30_000;

/** Chromium derives an unpacked extension's id from the sha256 of its absolute path, digits mapped to a-p. */
function unpackedExtensionId(dir) {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

const chromium = requireChromium();

if (!process.env.PARLEY_SKIP_BUILD) {
  console.log('Building the Chrome extension (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Build failed; not starting Chromium.');
    process.exit(build.status ?? 1);
  }
}

if (!existsSync(profileDir)) {
  // Developer mode lets the extension be reloaded from chrome://extensions after a rebuild.
  mkdirSync(join(profileDir, 'Default'), { recursive: true });
  writeFileSync(join(profileDir, 'Default', 'Preferences'), JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
}

const extensionId = unpackedExtensionId(extensionDir);
const panelUrl = `chrome-extension://${extensionId}/sidepanel.html`;
console.log(
  [
    '',
    `Chromium:          ${chromium}`,
    `Extension:         ${extensionDir}`,
    `Profile:           ${profileDir}  (delete it for a fresh start)`,
    `Side panel page:   ${panelUrl}  (opened as a tab)`,
    'Real side panel:   click the Parley toolbar button or press Alt+Shift+P.',
    'After rebuilding (npm run build), reload Parley from chrome://extensions.',
    '',
  ].join('\n'),
);
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.warn('No DISPLAY or WAYLAND_DISPLAY is set: a headed Chromium needs a graphical session.');
}

// The first tab opens the panel page only once the extension's worker runs: navigating
// earlier, before the extension is loaded, ends in ERR_BLOCKED_BY_CLIENT.
const browser = spawn(
  chromium,
  [
    `--user-data-dir=${profileDir}`,
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--enable-speech-dispatcher',
    '--no-first-run',
    // Chromium refuses to start as root with its sandbox on, as on a root-only dev container.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--no-default-browser-check',
    '--remote-debugging-pipe',
    ...(process.env.PARLEY_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
    'about:blank',
  ],
  { stdio: ['inherit', 'inherit', 'inherit', 'pipe', 'pipe'] },
);
browser.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const cdp = new CdpPipe(browser.stdio[3], browser.stdio[4]);
try {
  await waitForExtensionWorker(cdp, extensionId, WORKER_TIMEOUT_MS);
  await navigateFirstTab(cdp, panelUrl);
  console.log(`Opened the side panel page: ${panelUrl}`);
} catch (error) {
  console.error(
    `Could not open the side panel page (${error.message}); open ${panelUrl} yourself, or reload Parley from chrome://extensions.`,
  );
}

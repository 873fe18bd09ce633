import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareSpeechEnv, stopSpeechDaemon } from '../../e2e/support/speech-home';
import { Marionette } from './marionette';

export const FIREFOX_ADDON_DIR = resolve(import.meta.dirname, '../../../.output/firefox-mv2');
const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** FIREFOX_PATH if set, else Debian's firefox-esr (or firefox) when installed. */
export function findFirefox(): string | undefined {
  const candidates = process.env.FIREFOX_PATH ? [process.env.FIREFOX_PATH] : FIREFOX_CANDIDATES;
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface FirefoxWithAddon {
  readonly marionette: Marionette;
  /** moz-extension://<uuid>/<path> of the installed add-on. */
  addonUrl(path: string): string;
  /** Runs `script` in the current tab until it returns non-null; errors while a page loads count as not yet. */
  poll<T>(script: string, args: unknown[], what: string, timeoutMs?: number): Promise<T>;
  /** Loads an add-on page in the current tab (Marionette's own navigation refuses extension URLs). */
  openAddonPage(path: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Prefs for a quiet, loopback-only test profile. Marionette also applies its own
 * recommended automation prefs (no updates, telemetry, safe browsing …) on start.
 */
function userPrefs(addonId: string, uuid: string): Record<string, string | number | boolean> {
  return {
    'marionette.port': 0, // any free port; Firefox writes it to MarionetteActivePort
    'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
    'intl.locale.requested': 'en-US',
    'intl.accept_languages': 'en-US',
    'browser.shell.checkDefaultBrowser': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'browser.startup.page': 0,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'network.dns.disablePrefetch': true,
    'network.prefetch-next': false,
    'browser.safebrowsing.update.enabled': false,
    'extensions.update.enabled': false,
    'extensions.getAddons.cache.enabled': false,
    'app.update.disabledForTesting': true,
    // Sound goes to ALSA's null device (see soundlessEnv): played, timed and ended like on a real card, never heard.
    'media.cubeb.backend': 'alsa',
  };
}

/**
 * Starts headless Firefox on a fresh profile and installs the built add-on temporarily, as about:debugging does.
 * Its speechSynthesis speaks through a private speech-dispatcher into libao's null driver, as the Chromium tests' does.
 */
export async function launchFirefoxWithAddon(firefox: string, timeoutMs = 30_000): Promise<FirefoxWithAddon> {
  const manifest = JSON.parse(readFileSync(join(FIREFOX_ADDON_DIR, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const addonId = manifest.browser_specific_settings.gecko.id;
  const uuid = randomUUID();
  const root = mkdtempSync(join(tmpdir(), 'parley-firefox-'));
  const profile = join(root, 'profile');
  const prefs = Object.entries(userPrefs(addonId, uuid))
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n');
  mkdirSync(profile);
  writeFileSync(join(profile, 'user.js'), prefs);

  const env = soundlessEnv(root);
  const child = spawn(firefox, ['--headless', '--marionette', '--no-remote', '--new-instance', '--profile', profile, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // System access lets the test open extension pages, which Marionette's content navigation refuses.
    env: { ...process.env, ...env, MOZ_HEADLESS: '1', MOZ_CRASHREPORTER_DISABLE: '1', MOZ_REMOTE_ALLOW_SYSTEM_ACCESS: '1' },
    detached: true, // its own process group, so close() ends Firefox's content processes too
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const stop = async (): Promise<void> => {
    await endProcessGroup(child);
    stopSpeechDaemon(root);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    const port = await activePort(profile, child, timeoutMs);
    const marionette = await Marionette.open(port, timeoutMs);
    await marionette.send('WebDriver:NewSession', { capabilities: { alwaysMatch: { pageLoadStrategy: 'normal' } } }, timeoutMs);
    await marionette.send('Addon:Install', { path: FIREFOX_ADDON_DIR, temporary: true }, timeoutMs);
    const addonUrl = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;
    const poll = async <T>(script: string, args: unknown[], what: string, pollTimeoutMs = 20_000): Promise<T> => {
      const deadline = Date.now() + pollTimeoutMs;
      let last = '';
      while (Date.now() < deadline) {
        try {
          const value = await marionette.send<T | null>('WebDriver:ExecuteScript', { script, args }, 5_000);
          if (value !== null && value !== undefined) return value;
        } catch (error) {
          last = error instanceof Error ? error.message : String(error);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`Timed out after ${pollTimeoutMs} ms waiting for ${what}${last ? ` (last error: ${last})` : ''}`);
    };
    return {
      marionette,
      addonUrl,
      poll,
      async openAddonPage(path) {
        // Marks the document being left, so the wait below cannot mistake it (the same page, reloaded) for the new one.
        await marionette
          .send('WebDriver:ExecuteScript', { script: `document.documentElement.setAttribute('data-parley-left', '')`, args: [] })
          .catch(() => undefined);
        await marionette.send('Marionette:SetContext', { value: 'chrome' });
        try {
          await marionette.send('WebDriver:ExecuteScript', {
            script: `
              const [url] = arguments;
              const browser = Services.wm.getMostRecentWindow('navigator:browser').gBrowser.selectedBrowser;
              browser.fixupAndLoadURIString(url, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() });`,
            args: [addonUrl(path)],
          });
        } finally {
          await marionette.send('Marionette:SetContext', { value: 'content' });
        }
        await poll<boolean>(
          `return location.href === arguments[0] && document.readyState === 'complete' &&
             !document.documentElement.hasAttribute('data-parley-left') ? true : null;`,
          [addonUrl(path)],
          `${path} to load`,
        );
      },
      async close() {
        await marionette.send('WebDriver:DeleteSession', {}, 5_000).catch(() => undefined);
        marionette.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nFirefox said:\n${stderr}`);
  }
}

/**
 * A private HOME in which speechSynthesis speaks through its own speech-dispatcher and audio elements play into
 * ALSA's null device: a headless machine has no sound card, and Firefox fails every playback without one.
 */
function soundlessEnv(root: string): NodeJS.ProcessEnv {
  const env = prepareSpeechEnv(root);
  writeFileSync(join(env.HOME!, '.asoundrc'), 'pcm.!default { type null }\nctl.!default { type hw card 0 }\n');
  return env;
}

/** Polls for the port Firefox chose, failing early if it exits. */
async function activePort(profile: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const file = join(profile, 'MarionetteActivePort');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Firefox exited with code ${child.exitCode} before Marionette started`);
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').trim());
      if (port > 0) return port;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for Marionette to listen`);
}

/** SIGTERM to Firefox's process group, SIGKILL if it lingers. */
async function endProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

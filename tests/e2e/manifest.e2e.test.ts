// Checks the built packages a store would receive: no browser needed, so it runs
// right after `npm run build` and `npm run build:firefox`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const OUTPUT = resolve(import.meta.dirname, '../../.output');
const BUILDS = ['chrome-mv3', 'firefox-mv2'] as const;
const ICON_SIZES = [16, 32, 48, 96, 128];

interface Manifest {
  icons?: Record<string, string>;
  action?: { default_icon?: Record<string, string> };
  browser_action?: { default_icon?: Record<string, string> };
  permissions?: string[];
  minimum_chrome_version?: string;
  browser_specific_settings?: { gecko?: { strict_min_version?: string; data_collection_permissions?: { required?: string[] } } };
}

const manifestOf = (build: string): Manifest => JSON.parse(readFileSync(join(OUTPUT, build, 'manifest.json'), 'utf8'));

/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error(`${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(BUILDS)('the %s package', (build) => {
  const dir = join(OUTPUT, build);
  const built = existsSync(join(dir, 'manifest.json'));

  it.runIf(built)('declares an icon of every store and toolbar size, each a PNG of that size', () => {
    const { icons = {}, action, browser_action } = manifestOf(build);
    expect(Object.keys(icons).map(Number)).toEqual(ICON_SIZES);
    for (const size of ICON_SIZES) expect(pngSize(join(dir, icons[size]!))).toEqual({ width: size, height: size });
    const toolbar = (action ?? browser_action)?.default_icon ?? {};
    expect(Object.keys(toolbar).length).toBeGreaterThan(0);
    for (const [size, path] of Object.entries(toolbar)) expect(pngSize(join(dir, path)).width).toBe(Number(size));
  });

  it.runIf(built)('asks for no tabs permission (host access covers the tab urls and titles it reads)', () => {
    expect(manifestOf(build).permissions).not.toContain('tabs');
  });

  it.runIf(built)('asks for identity, which opens the sign-in window of MCP servers that need one', () => {
    expect(manifestOf(build).permissions).toContain('identity');
  });

  it.runIf(built)('ships the privacy policy page that Settings links to, rendered from PRIVACY.md', () => {
    const page = readFileSync(join(dir, 'privacy.html'), 'utf8');
    expect(page).toContain('<h1>Parley privacy policy</h1>');
    expect(page).not.toContain('<!-- PRIVACY.md -->');
  });

  it.runIf(built)('ships KaTeX fonts as woff2 only', () => {
    const fonts = filesUnder(dir).filter((f) => /KaTeX_/.test(f));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.endsWith('.woff2'))).toEqual([]);
  });
});

describe('store-specific manifest fields', () => {
  it.runIf(existsSync(join(OUTPUT, 'chrome-mv3', 'manifest.json')))('Chrome: needs 126, the first with URL.parse that pdf.js calls', () => {
    expect(manifestOf('chrome-mv3').minimum_chrome_version).toBe('126');
  });

  it.runIf(existsSync(join(OUTPUT, 'firefox-mv2', 'manifest.json')))(
    'Firefox: declares it collects no data and asks only for permissions Firefox knows',
    () => {
      const manifest = manifestOf('firefox-mv2');
      expect(manifest.browser_specific_settings?.gecko?.data_collection_permissions).toEqual({ required: ['none'] });
      expect(manifest.browser_specific_settings?.gecko?.strict_min_version).toBe('140.0');
      for (const chromeOnly of ['tts', 'sidePanel', 'offscreen']) expect(manifest.permissions).not.toContain(chromeOnly);
      expect(manifest.permissions).toContain('identity');
    },
  );
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyStrings, sidePanelPage } from '../../../build/side-panel-page';

const ROOT = resolve(import.meta.dirname, '../../..');
const PANEL_PAGE = readFileSync(join(ROOT, 'entrypoints/sidepanel/index.html'), 'utf8');

/** A tiny app in the side panel's own page: a stylesheet, and a message view and a renderer loaded on demand. */
const APP: Record<string, string> = {
  'sidepanel/index.html': PANEL_PAGE.replace('./sidepanel.tsx', './main.ts'),
  'sidepanel/main.ts':
    "import './app.css';\ndocument.body.dataset.app = 'started';\nvoid import('../view/MessageItem');\nvoid import('../view/MarkdownRenderer');\n",
  'sidepanel/app.css': ':root{--bg:#fff}.composer{border:1px solid}.model-picker{color:red}\n',
  'view/MessageItem.ts': "import './message.css';\nexport const item = 'item';\n",
  'view/message.css': '.message{color:blue}\n',
  'view/MarkdownRenderer.ts': "export const renderer = 'renderer';\n",
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Builds the tiny app with Vite, the page's plugin after `before`, and returns what the build wrote. */
async function buildPanel(files: Record<string, string> = APP, before: Plugin[] = []): Promise<Map<string, string>> {
  dir = mkdtempSync(join(tmpdir(), 'side-panel-page-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, modulePreload: { polyfill: false }, rollupOptions: { input: join(dir, 'sidepanel/index.html') } },
    plugins: [...before, sidePanelPage(ROOT, { conversationView: ['view/MessageItem.ts', 'view/MarkdownRenderer.ts'] })],
  })) as Rollup.RollupOutput;
  return new Map(output.output.map((file) => [file.fileName, file.type === 'chunk' ? file.code : String(file.source)] as [string, string]));
}

/** A plugin that rewrites the page's stylesheet links as a later Vite might write them. */
const reorderedLinks: Plugin = {
  name: 'test:reordered-links',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<link rel="stylesheet" crossorigin/g, '<link crossorigin rel="stylesheet"'),
  },
};

describe("the side panel page's plugin, in a real Vite build", { timeout: 60_000 }, () => {
  it('names the early box, defers the app behind it, inlines its rules, and writes early-composer.js', async () => {
    const written = await buildPanel();
    const page = written.get('sidepanel/index.html')!;
    const label = earlyStrings(join(ROOT, 'lib/i18n/locales'))['en-US']!.label;
    expect(page).toContain(`<textarea aria-label="${label}"`);
    const head = /<head>([\s\S]*)<\/head>/.exec(page)![1]!;
    expect(head).toMatch(/<style>[^<]*\.composer\{[^<]*<\/style>/);
    expect(head).not.toMatch(/\.model-picker|<script|<link/);
    const [appScripts, viewFiles] = ['app-scripts', 'conversation-scripts'].map(
      (id) => new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`).exec(page)?.[1] ?? '',
    );
    expect(appScripts).toMatch(/^<link rel="stylesheet"[^>]*><script type="module"[^>]*><\/script>/);
    expect(page.replace(/<template[\s\S]*?<\/template>/g, '')).not.toMatch(/type="module"|rel="stylesheet"/);
    // The message view, its stylesheet and the renderer, fetched with the app when a conversation reopens.
    const preloaded = [...viewFiles!.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(preloaded.map((file) => written.get(file))).toEqual([
      expect.stringContaining('.message'),
      expect.stringContaining('"item"'),
      expect.stringContaining('"renderer"'),
    ]);
    expect(page).toMatch(/<\/template>\s*<script src="\/early-composer\.js"><\/script>/);
    expect(written.get('early-composer.js')).toContain(label);
  });

  it('fails the build when the page has no early box', async () => {
    const page = APP['sidepanel/index.html']!.replace(/<div id="early-composer"[\s\S]*?<\/div>/, '');
    await expect(buildPanel({ ...APP, 'sidepanel/index.html': page })).rejects.toThrow(/early box/);
  });

  it('fails the build when Vite writes the tags it moves in another shape, rather than leave them in the way', async () => {
    await expect(buildPanel(APP, [reorderedLinks])).rejects.toThrow(/shape this plugin does not move/);
  });

  it('fails the build when a conversation view module is no longer loaded on demand', async () => {
    const main = APP['sidepanel/main.ts']!.replace("void import('../view/MarkdownRenderer');", "import '../view/MarkdownRenderer';");
    await expect(buildPanel({ ...APP, 'sidepanel/main.ts': main })).rejects.toThrow(/MarkdownRenderer\.ts is no longer in a chunk/);
  });
});

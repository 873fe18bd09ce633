import { resolve } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { conversationViewFiles, deferAppScripts, earlyStrings, nameEarlyBox, sidePanelPage } from '../../../build/side-panel-page';
import { earlyStyles } from '../../../build/early-styles';

/** The side panel's page as Vite writes it, before the side panel page's plugin. */
const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>Parley</title>
    <script type="module" crossorigin src="/chunks/sidepanel-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/protocol-B2.js">
    <link rel="modulepreload" crossorigin href="/chunks/app-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/app-D4.css">
  </head>
  <body>
    <div id="root"></div>
    <div id="early-composer" class="composer early-composer">
      <textarea class="composer-input" rows="1" dir="auto" autofocus></textarea>
    </div>
    <script src="/early-composer.js"></script>
  </body>
</html>`;

/** The app's stylesheet as the build wrote it: tokens, the page, the box, and rules for views the early page lacks. */
const APP_CSS =
  ':root{--space-2:8px}:root[data-theme=dark]{color-scheme:dark}*{box-sizing:border-box}body{margin:0}' +
  '.composer{border:1px solid}.composer:focus-within{border-color:blue}.composer .composer-toolbar{display:flex}' +
  '.composer-input::placeholder,.message-list{color:gray}.early-composer:after{content:""}.model-picker{color:red}' +
  ':not(.composer){color:green}@media (prefers-reduced-motion:reduce){:root{--motion:0ms}.spinner{animation:none}}' +
  '@supports (field-sizing:content){.composer-input{field-sizing:content}}@keyframes spin{to{rotate:1turn}}' +
  '@font-face{font-family:KaTeX;src:url(k.woff2)}';
const readAppCss = (href: string) => {
  expect(href).toBe('/assets/app-D4.css');
  return APP_CSS;
};
/** The built files of a page whose conversation view is `view`. */
const built = (view: string[] = []) => ({ readStylesheet: readAppCss, conversationView: () => view });

describe("the app's scripts wait for the early box", () => {
  it('moves the module script, its preloads and the stylesheets, in order, into a template before early-composer.js', () => {
    const html = deferAppScripts(BUILT, built());
    const head = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    expect(head).not.toMatch(/module|<link/);
    expect(html).toContain(
      '<template id="app-scripts"><link rel="stylesheet" crossorigin href="/assets/app-D4.css">' +
        '<script type="module" crossorigin src="/chunks/sidepanel-A1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/chunks/protocol-B2.js"><link rel="modulepreload" crossorigin href="/chunks/app-C3.js"></template>\n' +
        '    <script src="/early-composer.js"></script>',
    );
  });

  it("carries the early box's own rules inline in the head", () => {
    const html = deferAppScripts(BUILT, built());
    const head = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    expect(/<style>([\s\S]*)<\/style>/.exec(head)![1]).toBe(earlyStyles(APP_CSS));
  });

  it("puts the conversation view's files, told which the page loads, in a template of their own", () => {
    let pageFiles: ReadonlySet<string> | undefined;
    const html = deferAppScripts(BUILT, {
      readStylesheet: readAppCss,
      conversationView: (files) => {
        pageFiles = files;
        return ['/assets/MessageItem-E5.css', '/chunks/MessageItem-F6.js'];
      },
    });
    expect(pageFiles).toEqual(new Set(['/assets/app-D4.css', '/chunks/sidepanel-A1.js', '/chunks/protocol-B2.js', '/chunks/app-C3.js']));
    expect(html).toContain(
      '</template>\n    <template id="conversation-scripts"><link rel="stylesheet" crossorigin href="/assets/MessageItem-E5.css">' +
        '<link rel="modulepreload" crossorigin href="/chunks/MessageItem-F6.js"></template>\n    <script src="/early-composer.js"></script>',
    );
    expect(deferAppScripts(BUILT, built())).not.toMatch(/conversation-scripts/);
  });

  it('fails the build rather than ship a page whose app would never start', () => {
    expect(() => deferAppScripts(BUILT.replace('<script src="/early-composer.js"></script>', ''))).toThrow(/early-composer\.js/);
    expect(() => deferAppScripts(BUILT.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(/module script/);
    expect(() => deferAppScripts(BUILT)).toThrow(/stylesheets/);
    expect(() => deferAppScripts(BUILT.replace('</head>', ''), built())).toThrow(/<\/head>/);
  });

  it('fails the build when Vite writes a tag it moves in another shape, rather than leave it in the way', () => {
    const reordered = BUILT.replace('<link rel="modulepreload" crossorigin', '<link crossorigin rel="modulepreload"');
    expect(() => deferAppScripts(reordered, built())).toThrow(/shape this plugin does not move: <link crossorigin rel="modulepreload"/);
    expect(() => deferAppScripts(BUILT.replace('<script type="module"', "<script type='module'"), built())).toThrow(/module script|shape/);
  });

  it("fails the build when the side panel's page was built without being rewritten", async () => {
    const root = resolve(import.meta.dirname, '../../..');
    const { generateBundle } = sidePanelPage(root) as unknown as {
      generateBundle: { handler: (this: object, options: object, bundle: object) => Promise<void> };
    };
    const bundle = { 'sidepanel.js': { type: 'chunk', facadeModuleId: `${root}/entrypoints/sidepanel/index.html` } };
    await expect(generateBundle.handler.call({ emitFile: () => '' }, {}, bundle)).rejects.toThrow(/never reached/);
  });

  it("rewrites only the side panel's page, naming its early box", () => {
    const root = resolve(import.meta.dirname, '../../..');
    const { transformIndexHtml } = sidePanelPage(root) as unknown as {
      transformIndexHtml: { handler: (html: string, ctx: { filename: string; bundle: object }) => string };
    };
    const bundle = {
      'assets/app-D4.css': { type: 'asset', source: APP_CSS },
      'chunks/MessageItem-F6.js': viewChunk('components/chat/MessageItem.tsx', ['chunks/app-C3.js'], ['assets/MessageItem-E5.css']),
      'chunks/MarkdownRenderer-G7.js': viewChunk('components/markdown/MarkdownRenderer.tsx', []),
    };
    expect(transformIndexHtml.handler(BUILT, { filename: `${root}/entrypoints/sidepanel/index.html`, bundle })).toBe(
      deferAppScripts(
        nameEarlyBox(BUILT, earlyStrings(resolve(root, 'lib/i18n/locales'))),
        built(['/assets/MessageItem-E5.css', '/chunks/MessageItem-F6.js', '/chunks/MarkdownRenderer-G7.js']),
      ),
    );
    expect(transformIndexHtml.handler(BUILT, { filename: `${root}/entrypoints/offscreen/index.html`, bundle })).toBe(BUILT);
    expect(() =>
      transformIndexHtml.handler(BUILT, {
        filename: `${root}/entrypoints/sidepanel/index.html`,
        bundle: { 'chunks/MessageItem-F6.js': {} },
      }),
    ).toThrow(/did not write/);
  });
});

/** A chunk of the built bundle that the app imports on demand. */
function viewChunk(module: string, imports: string[], css: string[] = []) {
  return { type: 'chunk', isDynamicEntry: true, moduleIds: [`/repo/${module}`], imports, viteMetadata: { importedCss: new Set(css) } };
}

describe("the early box's name in the page", () => {
  it("is the default language's, escaped, on the box itself", () => {
    const named = nameEarlyBox(BUILT, {
      'en-US': { label: 'Say "hi" & <go>', placeholder: '' },
      'de-DE': { label: 'Nachricht', placeholder: '' },
    });
    expect(named).toContain('<textarea aria-label="Say &quot;hi&quot; &amp; &lt;go&gt;" class="composer-input"');
    expect(named.replace(/ aria-label="[^"]*"/, '')).toBe(BUILT);
  });

  it('fails the build when the page has no early box, or the locales no name for it', () => {
    expect(() =>
      nameEarlyBox(BUILT.replace(/<div id="early-composer"[\s\S]*?<\/div>/, ''), { 'en-US': { label: 'Message', placeholder: '' } }),
    ).toThrow(/early box/);
    expect(() => nameEarlyBox(BUILT, { 'de-DE': { label: 'Nachricht', placeholder: '' } })).toThrow(/early box/);
  });
});

describe("the conversation view's files", () => {
  const bundle = {
    'chunks/app-C3.js': { type: 'chunk', isDynamicEntry: false, moduleIds: [], imports: [] },
    'chunks/icons-H8.js': { type: 'chunk', isDynamicEntry: false, moduleIds: [], imports: ['chunks/app-C3.js'] },
    'chunks/MessageItem-F6.js': viewChunk(
      'components/chat/MessageItem.tsx',
      ['chunks/app-C3.js', 'chunks/icons-H8.js'],
      ['assets/MessageItem-E5.css'],
    ),
    'chunks/MarkdownRenderer-G7.js': viewChunk(
      'components/markdown/MarkdownRenderer.tsx',
      ['chunks/icons-H8.js'],
      ['assets/markdown-I9.css'],
    ),
  } as unknown as Rollup.OutputBundle;

  it("are the view modules' chunks, what they import and their stylesheets, each once, less what the page loads", () => {
    expect(conversationViewFiles(bundle, new Set(['/chunks/app-C3.js']))).toEqual([
      '/assets/MessageItem-E5.css',
      '/chunks/MessageItem-F6.js',
      '/chunks/icons-H8.js',
      '/assets/markdown-I9.css',
      '/chunks/MarkdownRenderer-G7.js',
    ]);
  });

  it('fail the build when a view module is no longer loaded on demand', () => {
    const { ['chunks/MarkdownRenderer-G7.js']: _, ...merged } = bundle;
    expect(() => conversationViewFiles(merged, new Set())).toThrow(/MarkdownRenderer\.tsx/);
  });
});

describe("the early box's rules", () => {
  it('keeps the tokens, the page and the box, in their conditions, and nothing the early page does not show', () => {
    expect(earlyStyles(APP_CSS)).toBe(
      ':root{--space-2:8px}:root[data-theme=dark]{color-scheme:dark}*{box-sizing:border-box}body{margin:0}' +
        '.composer{border:1px solid}.composer:focus-within{border-color:blue}' +
        '.composer-input::placeholder{color:gray}.early-composer:after{content:""}' +
        '@media (prefers-reduced-motion:reduce){:root{--motion:0ms}}' +
        '@supports (field-sizing:content){.composer-input{field-sizing:content}}',
    );
  });
});

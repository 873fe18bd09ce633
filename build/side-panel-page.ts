import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import type { EarlyStrings } from '../components/startup/early-composer';
import {
  APP_SCRIPTS_ID,
  CONVERSATION_SCRIPTS_ID,
  CONVERSATION_VIEW_MODULES,
  EARLY_COMPOSER_FILE,
  EARLY_COMPOSER_ID,
} from '../components/startup/page-ids';
import { escapeHtml } from '../components/markdown/escape-html';
import { DEFAULT_LOCALE } from '../lib/i18n/languages';
import { earlyStyles } from './early-styles';
import { localeCodes, localeFiles, mergeStrings } from './locale-bundles';

/**
 * Rewrites the side panel's page once Vite has written it, so that its first frame paints the early message box
 * without waiting for the app (components/startup/index.ts):
 * - names the early box in the default language, from the same locale files as the app's own box;
 * - moves the app's module script, preloads and stylesheets into an inert template, which early-composer.js connects
 *   once the box has been painted, and carries inline the few rules the box needs (early-styles.ts);
 * - puts what showing a conversation needs in a second template, connected only when the panel reopens one;
 * - writes early-composer.js, components/startup/early-composer.ts with every language's strings, as one small
 *   classic script (a module would wait for the app's whole module graph).
 * Each step reads the page in the shape Vite writes it; a page in another shape fails the build, where a step that
 * found nothing would ship a panel that waits for the app, or never starts it.
 */
export function sidePanelPage(
  root: string,
  {
    page = '/sidepanel/index.html',
    conversationView = CONVERSATION_VIEW_MODULES,
  }: { page?: string; conversationView?: readonly string[] } = {},
): Plugin {
  // The page's box is named and the script built from the same strings, in the same build pass: read once.
  let strings: Record<string, EarlyStrings> | undefined;
  const readStrings = () => (strings ??= earlyStrings(join(root, 'lib/i18n/locales')));
  let rewritten = false;
  return {
    name: 'parley:side-panel-page',
    apply: 'build',
    buildStart() {
      rewritten = false;
    },
    transformIndexHtml: {
      // After Vite has written the hashed module script and preload tags into the page.
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!filename.replaceAll('\\', '/').endsWith(page)) return html;
        rewritten = true;
        return deferAppScripts(nameEarlyBox(html, readStrings()), {
          readStylesheet: (href) => builtStylesheet(bundle, href),
          conversationView: (pageFiles) => conversationViewFiles(bundle ?? {}, pageFiles, conversationView),
        });
      },
    },
    generateBundle: {
      // After Vite's own HTML step, which runs the page through transformIndexHtml above.
      order: 'post',
      async handler(_options, bundle) {
        // WXT builds in several passes; the one with the side panel's page gets the script.
        const panel = Object.values(bundle).some((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(page));
        if (!panel) return;
        if (!rewritten) throw new Error(`the side panel's page (${page}) was built but never reached this plugin's rewriting`);
        const contents = `import { startEarlyComposer } from './components/startup/early-composer';\nstartEarlyComposer(${JSON.stringify(readStrings())});`;
        // Loaded here: the page's steps are also run in the DOM tests of the early script, where esbuild cannot load.
        const { build } = await import('esbuild');
        const result = await build({
          stdin: { contents, resolveDir: root, loader: 'ts' },
          bundle: true,
          format: 'iife',
          minify: true,
          write: false,
          target: 'es2022',
          legalComments: 'none',
          charset: 'utf8',
        });
        this.emitFile({ type: 'asset', fileName: EARLY_COMPOSER_FILE, source: result.outputFiles[0]!.text });
      },
    },
  };
}

/** The message box's name and hint in every language, from the same locale files as the app's own box. */
export function earlyStrings(localesDir: string): Record<string, EarlyStrings> {
  type Strings = Record<string, Record<string, unknown>>;
  return Object.fromEntries(
    localeCodes(localesDir).map((locale) => {
      const strings = mergeStrings(localeFiles(localesDir, locale).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Strings));
      const chat = (strings as Strings).chat!;
      return [locale, { label: String(chat.message), placeholder: String(chat.placeholder) }];
    }),
  );
}

const EARLY_BOX = new RegExp(`(<div id="${EARLY_COMPOSER_ID}"[^>]*>\\s*<textarea)`);

/**
 * Names the early box in the page itself, in the default language: the page can paint it before early-composer.js
 * has run and named it in the user's, and it is never without a name.
 */
export function nameEarlyBox(html: string, strings: Record<string, EarlyStrings>): string {
  const label = strings[DEFAULT_LOCALE]?.label;
  if (!label || !EARLY_BOX.test(html)) throw new Error('sidepanel.html must hold the early box, and the locales its name');
  return html.replace(EARLY_BOX, `$1 aria-label="${escapeHtml(label)}"`);
}

/** The tags as Vite writes them, which this plugin moves; ANY_* find the same tags in whatever shape. */
const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;
const ANY_MOVED_TAG = /<script\b[^>]*\btype=["']?module\b[^>]*>|<link\b[^>]*\brel=["']?(?:modulepreload|stylesheet)\b[^>]*>/;
const EARLY_SCRIPT = `<script src="/${EARLY_COMPOSER_FILE}"></script>`;
const HEAD_END = '</head>';
const ADDRESS = /(?:src|href)="([^"]+)"/;

export interface BuiltFiles {
  /** The text of a stylesheet the build wrote, by the address the page links it at. */
  readStylesheet(href: string): string;
  /** The files that show a conversation and that the page does not already load (conversationViewFiles). */
  conversationView(pageFiles: ReadonlySet<string>): string[];
}

/**
 * Moves the app's module script and preloads, as Vite wrote them into the page's head, into an inert template before
 * early-composer.js, which connects them once the early box has been painted: the box then does not wait while the
 * app's modules are fetched and compiled. The app's stylesheets go with them, and the page carries inline the few
 * rules the early box needs, read through `readStylesheet` from the built files: a script waits for every stylesheet
 * before it, so the box no longer waits for the app's whole style to load and apply. A second template holds what
 * showing a conversation needs, which the early box connects only when the panel reopens one.
 */
export function deferAppScripts(html: string, built?: BuiltFiles): string {
  const tags = [...html.matchAll(MODULE_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((m) => m[0].trim());
  if (!html.includes(EARLY_SCRIPT) || !tags.some((tag) => tag.startsWith('<script'))) {
    throw new Error(`sidepanel.html must hold ${EARLY_SCRIPT} and the app's module script`);
  }
  if (!html.includes(HEAD_END)) throw new Error(`sidepanel.html must have a ${HEAD_END} for the early box's rules`);
  const stylesheets = [...html.matchAll(STYLESHEET)].map((m) => m[0].trim());
  const rest = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(STYLESHEET, '');
  const unread = ANY_MOVED_TAG.exec(rest);
  if (unread) throw new Error(`sidepanel.html has a script or stylesheet tag in a shape this plugin does not move: ${unread[0]}`);
  let head = '';
  if (stylesheets.length) {
    if (!built) throw new Error("sidepanel.html links stylesheets, and the early box's rules need their text");
    const css = stylesheets.map((tag) => built.readStylesheet(ADDRESS.exec(tag)![1]!)).join('');
    head = `<style>${earlyStyles(css)}</style>\n  `;
  }
  let template = `<template id="${APP_SCRIPTS_ID}">${[...stylesheets, ...tags].join('')}</template>\n    `;
  const view = built?.conversationView(new Set([...stylesheets, ...tags].map((tag) => ADDRESS.exec(tag)![1]!))) ?? [];
  if (view.length) {
    template += `<template id="${CONVERSATION_SCRIPTS_ID}">${view.map(preloadTag).join('')}</template>\n    `;
  }
  return rest.replace(HEAD_END, `${head}${HEAD_END}`).replace(EARLY_SCRIPT, template + EARLY_SCRIPT);
}

/** A stylesheet is linked, as Vite's loader would link it; a module is fetched and compiled, to run when imported. */
function preloadTag(href: string): string {
  return href.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
}

/**
 * The files, as the page addresses them, that showing a conversation needs beyond what the page already loads
 * (`pageFiles`): the chunks of the view `modules` (CONVERSATION_VIEW_MODULES), the chunks they import, and the
 * stylesheets Vite made of their CSS. The early box fetches them alongside the app when the panel reopens a
 * conversation, where the app would ask for them only once it had run. A view module in no such chunk fails the build
 * rather than be silently left out.
 */
export function conversationViewFiles(
  bundle: Rollup.OutputBundle,
  pageFiles: ReadonlySet<string>,
  modules: readonly string[] = CONVERSATION_VIEW_MODULES,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const href = `/${fileName}`;
    if (seen.has(fileName) || pageFiles.has(href)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    // The stylesheet goes first, as Vite's own loader links a chunk's CSS before importing it.
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!pageFiles.has(`/${css}`) && !files.includes(`/${css}`)) files.push(`/${css}`);
    files.push(href);
    chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    const found = Object.entries(bundle).find(
      ([, file]) =>
        file.type === 'chunk' && file.isDynamicEntry && file.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
    );
    if (!found) throw new Error(`${module} is no longer in a chunk the app loads on demand: update CONVERSATION_VIEW_MODULES`);
    visit(found[0]);
  }
  return files;
}

/** The text of a stylesheet the build wrote, by the address the page links it at. */
function builtStylesheet(bundle: Rollup.OutputBundle | undefined, href: string): string {
  const file = bundle?.[href.replace(/^\//, '')];
  if (file?.type !== 'asset') throw new Error(`the side panel links ${href}, which the build did not write`);
  return typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
}

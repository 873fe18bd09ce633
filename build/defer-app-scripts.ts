import { APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID } from '../components/startup/page-ids';
import { earlyStyles } from './early-styles';

/** The file sidepanel.html loads as a classic script: it runs while the page is parsed, before any module. */
export const EARLY_COMPOSER_FILE = 'early-composer.js';

const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;
const EARLY_SCRIPT = `<script src="/${EARLY_COMPOSER_FILE}"></script>`;
const ADDRESS = /(?:src|href)="([^"]+)"/;

export interface BuiltFiles {
  /** The text of a stylesheet the build wrote, by the address the page links it at. */
  readStylesheet(href: string): string;
  /** The files that show a conversation and that the page does not already load (conversation-view.ts). */
  conversationView(pageFiles: ReadonlySet<string>): string[];
}

/**
 * Moves the app's module script and preloads, as Vite wrote them into the page's head, into an inert template
 * before early-composer.js, which connects them once the early box has been painted: the box then does not wait
 * while the app's modules are fetched and compiled. The app's stylesheets go with them, and the page carries inline the
 * few rules the early box needs (early-styles.ts), read through `readStylesheet` from the built files: a script
 * waits for every stylesheet before it, so the box no longer waits for the app's whole style to load and apply.
 * A second template holds what showing a conversation needs, which the early box connects only when the panel
 * reopens one.
 */
export function deferAppScripts(html: string, built?: BuiltFiles): string {
  const tags = [...html.matchAll(MODULE_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((m) => m[0].trim());
  if (!html.includes(EARLY_SCRIPT) || !tags.some((tag) => tag.startsWith('<script'))) {
    throw new Error(`sidepanel.html must hold ${EARLY_SCRIPT} and the app's module script`);
  }
  const stylesheets = [...html.matchAll(STYLESHEET)].map((m) => m[0].trim());
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
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, '')
    .replace('</head>', `${head}</head>`)
    .replace(EARLY_SCRIPT, template + EARLY_SCRIPT);
}

/** A stylesheet is linked, as Vite's loader would link it; a module is fetched and compiled, to run when imported. */
function preloadTag(href: string): string {
  return href.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
}

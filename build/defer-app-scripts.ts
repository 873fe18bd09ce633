import { APP_SCRIPTS_ID } from '../components/app/early-composer';

/** The file sidepanel.html loads as a classic script: it runs while the page is parsed, before any module. */
export const EARLY_COMPOSER_FILE = 'early-composer.js';

const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const EARLY_SCRIPT = `<script src="/${EARLY_COMPOSER_FILE}"></script>`;

/**
 * Moves the app's module script and preloads, as Vite wrote them into the page's head, into an inert template
 * before early-composer.js, which connects them once the early box is shown: the box then does not wait while
 * the app's modules are fetched and compiled.
 */
export function deferAppScripts(html: string): string {
  const tags = [...html.matchAll(MODULE_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((m) => m[0].trim());
  if (!html.includes(EARLY_SCRIPT) || !tags.some((tag) => tag.startsWith('<script'))) {
    throw new Error(`sidepanel.html must hold ${EARLY_SCRIPT} and the app's module script`);
  }
  const template = `<template id="${APP_SCRIPTS_ID}">${tags.join('')}</template>\n    `;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(EARLY_SCRIPT, template + EARLY_SCRIPT);
}

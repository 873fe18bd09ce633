import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { marked } from 'marked';
import type { Plugin } from 'vite';

/** Where the policy goes in entrypoints/privacy/index.html. */
export const POLICY_SLOT = '<!-- PRIVACY.md -->';

/** PRIVACY.md as HTML: the repository's file is the one source, rendered at build time so the page runs no script. */
export function policyHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

export function privacyPage(root: string): Plugin {
  const source = resolve(root, 'PRIVACY.md');
  return {
    name: 'parley:privacy-page',
    // `wxt` dev rebuilds the page when the policy changes.
    configureServer(server) {
      server.watcher.add(source);
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(POLICY_SLOT)) return html;
        return html.replace(POLICY_SLOT, () => policyHtml(readFileSync(source, 'utf8')));
      },
    },
  };
}

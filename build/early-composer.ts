import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';
import type { EarlyStrings } from '../components/startup/early-composer';
import { conversationViewFiles } from './conversation-view';
import { deferAppScripts, EARLY_COMPOSER_FILE } from './defer-app-scripts';
import { earlyStrings, nameEarlyBox } from './early-strings';

/**
 * Builds early-composer.js beside the side panel's page: components/startup/early-composer.ts, which shows the last
 * screen's copy too (early-screen.ts), with every language's strings, as one small classic script (a module would
 * wait for the app's whole module graph).
 */
export function earlyComposer(root: string): Plugin {
  // The page's box is named and the script built from the same strings, in the same build pass: read once.
  let strings: Record<string, EarlyStrings> | undefined;
  const readStrings = () => (strings ??= earlyStrings(join(root, 'lib/i18n/locales')));
  return {
    name: 'parley:early-composer',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the hashed module script and preload tags into the page.
      order: 'post',
      handler: (html, { filename, bundle }) =>
        filename.endsWith('/sidepanel/index.html')
          ? deferAppScripts(nameEarlyBox(html, readStrings()), {
              readStylesheet: (href) => builtStylesheet(bundle, href),
              conversationView: (pageFiles) => conversationViewFiles(bundle ?? {}, pageFiles),
            })
          : html,
    },
    async generateBundle(_options, bundle) {
      // WXT builds in several passes; the one with the side panel's page gets the script.
      const panel = Object.values(bundle).some((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/sidepanel/index.html'));
      if (!panel) return;
      const contents = `import { startEarlyComposer } from './components/startup/early-composer';\nstartEarlyComposer(${JSON.stringify(readStrings())});`;
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
  };
}

/** The text of a stylesheet the build wrote, by the address the page links it at. */
function builtStylesheet(bundle: Rollup.OutputBundle | undefined, href: string): string {
  const file = bundle?.[href.replace(/^\//, '')];
  if (file?.type !== 'asset') throw new Error(`the side panel links ${href}, which the build did not write`);
  return typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
}

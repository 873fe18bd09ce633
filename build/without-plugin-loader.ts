import type { Plugin } from 'vite';
import type { Wxt } from 'wxt';

/** The module script WXT puts into every HTML page (wxt's wxtPluginLoader). */
const PLUGIN_LOADER = /<script [^>]*src="[^"]*virtual:wxt-html-plugins"[^>]*><\/script>/;

/**
 * WXT puts into every HTML page a module script that starts its runtime plugins (virtual:wxt-html-plugins, which
 * imports virtual:wxt-plugins). Parley has no runtime plugins (checked by `withoutRuntimePlugins`), so the pair only
 * added two files, about 0.25 KB gzip, to the side panel's first load. Here the script leaves the page again, before
 * the bundle is built from it.
 */
export function withoutPluginLoader(): Plugin {
  return {
    name: 'parley:without-plugin-loader',
    // Vite runs the 'pre' page transforms in the plugins' order: this one after WXT's, which adds the script, and before
    // the page's scripts are bundled.
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        // A WXT that adds it otherwise must not leave it in unseen.
        if (!PLUGIN_LOADER.test(html)) throw new Error("WXT's plugin loader script was not found in the page");
        return html.replace(PLUGIN_LOADER, '');
      },
    },
  };
}

/** Fails the build when a WXT module adds a runtime plugin, which withoutPluginLoader would leave unstarted. */
export function withoutRuntimePlugins(wxt: Wxt): void {
  if (wxt.config.plugins.length) {
    throw new Error(`WXT runtime plugins (${wxt.config.plugins.join(', ')}) need build/without-plugin-loader.ts removed`);
  }
}

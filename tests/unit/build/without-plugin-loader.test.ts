import { describe, expect, it } from 'vitest';
import type { Wxt } from 'wxt';
import { withoutPluginLoader, withoutRuntimePlugins } from '../../../build/without-plugin-loader';

/** A page's head as WXT's plugin loader leaves it, in a build and under its dev server. */
const page = (src: string) =>
  `<html><head><script src="${src}" type="module"></script>\n<meta charset="UTF-8"><script type="module" src="./main.tsx"></script></head></html>`;

const transform = (html: string) => {
  const hook = withoutPluginLoader().transformIndexHtml as { order: string; handler: (html: string) => string };
  expect(hook.order).toBe('pre');
  return hook.handler(html);
};

describe("WXT's plugin loader, left out of Parley's pages", () => {
  it('takes the loader script out of the page and leaves its own scripts', () => {
    for (const src of ['virtual:wxt-html-plugins', 'http://localhost:3000/@id/virtual:wxt-html-plugins']) {
      expect(transform(page(src))).toBe(
        '<html><head>\n<meta charset="UTF-8"><script type="module" src="./main.tsx"></script></head></html>',
      );
    }
  });

  it('fails the build when the loader is missing, or when a module adds a runtime plugin it would leave unstarted', () => {
    expect(() => transform('<html><head><script type="module" src="./main.tsx"></script></head></html>')).toThrow(/plugin loader/);
    const wxt = (plugins: string[]) => ({ config: { plugins } }) as unknown as Wxt;
    expect(() => withoutRuntimePlugins(wxt([]))).not.toThrow();
    expect(() => withoutRuntimePlugins(wxt(['@wxt-dev/i18n/plugin']))).toThrow(/@wxt-dev\/i18n\/plugin/);
  });
});

import { describe, expect, it } from 'vitest';
import { deferAppScripts } from '../../../build/defer-app-scripts';
import { earlyComposer } from '../../../build/early-composer';

/** The side panel's page as Vite writes it, before the early composer's plugin. */
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
    <script src="/early-composer.js"></script>
  </body>
</html>`;

describe("the app's scripts wait for the early box", () => {
  it('moves the module script and its preloads, in order, into a template before early-composer.js', () => {
    const html = deferAppScripts(BUILT);
    const head = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    expect(head).not.toMatch(/module/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/app-D4.css">');
    expect(html).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/chunks/sidepanel-A1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/chunks/protocol-B2.js"><link rel="modulepreload" crossorigin href="/chunks/app-C3.js"></template>\n' +
        '    <script src="/early-composer.js"></script>',
    );
  });

  it('fails the build rather than ship a page whose app would never start', () => {
    expect(() => deferAppScripts(BUILT.replace('<script src="/early-composer.js"></script>', ''))).toThrow(/early-composer\.js/);
    expect(() => deferAppScripts(BUILT.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(/module script/);
  });

  it("rewrites only the side panel's page", () => {
    const { transformIndexHtml } = earlyComposer('/repo') as unknown as {
      transformIndexHtml: { handler: (html: string, ctx: { filename: string }) => string };
    };
    expect(transformIndexHtml.handler(BUILT, { filename: '/repo/entrypoints/sidepanel/index.html' })).toBe(deferAppScripts(BUILT));
    expect(transformIndexHtml.handler(BUILT, { filename: '/repo/entrypoints/offscreen/index.html' })).toBe(BUILT);
  });
});

// Renders the Parley mark (assets/icon/*.svg) to the PNG sizes the stores and toolbars
// need, into public/icon/<size>.png where WXT picks them up. A dev step: the PNGs are
// committed, so building never needs a renderer. Uses the Chromium the tests already
// need, so no image tool has to be installed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { requireChromium } from './check-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = (name) => readFileSync(join(root, 'assets', 'icon', name), 'utf8');
// Toolbar sizes use the mark redrawn on the 16px grid; larger ones the detailed drawing.
const SIZES = [
  { size: 16, svg: source('parley-small.svg') },
  { size: 32, svg: source('parley-small.svg') },
  { size: 48, svg: source('parley.svg') },
  { size: 96, svg: source('parley.svg') },
  { size: 128, svg: source('parley.svg') },
];

const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { size, svg } of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    const out = join(root, 'public', 'icon', `${size}.png`);
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`wrote ${out}`);
  }
} finally {
  await browser.close();
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { putRawRecord } from './idb';

/**
 * What the screenshot test and `npm run screenshots` share: the languages,
 * schemes and sizes, the seeded data, finding controls by their accessible names
 * in any language, and the checks of what a view shows (the views themselves
 * are listed in screen-views.ts).
 */

export const SCREEN_LOCALES = ['en-US', 'ar-SA', 'ja-JP'] as const;
export type ScreenLocale = (typeof SCREEN_LOCALES)[number];
export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const SCREEN_SIZES = [
  { width: 400, height: 900 },
  { width: 360, height: 640 },
] as const;

export const PROVIDER_ID = 'screens-provider';
export const MODEL = 'llama3.2';
const ANSWERED_ID = 'screens-answered';
export const ANSWERED_TITLE = 'Listing Ollama models';
export const ANSWER = [
  'Here is a quick comparison:',
  '',
  '| Provider | Streams | Runs locally |',
  '| --- | --- | --- |',
  '| Ollama | yes | yes |',
  '| OpenAI | yes | no |',
  '',
  'To list the models of a local **Ollama** server:',
  '',
  '```ts',
  "const res = await fetch('http://127.0.0.1:11434/api/tags');",
  'const { models } = await res.json();',
  'console.log(models.map((m: { name: string }) => m.name).join(", "));',
  '```',
  '',
  '1. Start Ollama.',
  '2. Run the snippet above.',
].join('\n');

const LOCALES_DIR = join(process.cwd(), 'lib/i18n/locales');

type Strings = { [key: string]: string | Strings };

function merge(into: Strings, part: Strings): Strings {
  for (const [key, value] of Object.entries(part)) {
    const prev = into[key];
    into[key] = typeof prev === 'object' && typeof value === 'object' ? merge({ ...prev }, value) : value;
  }
  return into;
}

const strings = new Map<string, Strings>();
/** Every string of a locale, its section files merged as the panel merges them. */
function localeStrings(locale: string): Strings {
  let found = strings.get(locale);
  if (!found) {
    found = {};
    for (const file of readdirSync(join(LOCALES_DIR, locale)).sort()) {
      merge(found, JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Strings);
    }
    strings.set(locale, found);
  }
  return found;
}

function pathsOf(tree: Strings, english: string, prefix: string[] = []): string[][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? (value === english ? [[...prefix, key]] : []) : pathsOf(value, english, [...prefix, key]),
  );
}

function at(tree: Strings, path: string[]): string | undefined {
  let node: string | Strings | undefined = tree;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The accessible name `english` has in `locale`: every translation of a string
 * whose English is one of `english`, found by value so that renamed keys do not matter.
 */
export function nameIn(locale: string, ...english: string[]): RegExp {
  const names = new Set<string>();
  for (const text of english) {
    for (const path of pathsOf(localeStrings('en-US'), text)) {
      const translated = at(localeStrings(locale), path);
      if (translated) names.add(translated);
    }
  }
  if (!names.size) throw new Error(`No interface string reads ${english.join(' or ')}`);
  return new RegExp(`^(?:${[...names].map(escape).join('|')})$`);
}

/** As nameIn, for a string with `{{variables}}`, filled in with `values` as the panel fills them. */
export function nameWith(locale: string, english: string, values: Record<string, string>): RegExp {
  const fill = (text: string) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
  const names = new Set<string>();
  for (const path of pathsOf(localeStrings('en-US'), english)) {
    const translated = at(localeStrings(locale), path);
    if (translated) names.add(fill(translated));
  }
  if (!names.size) throw new Error(`No interface string reads ${english}`);
  return new RegExp(`^(?:${[...names].map(escape).join('|')})$`);
}

const DAY = 24 * 60 * 60 * 1000;

/** A provider backed by the loopback mock, an answered conversation and a few older ones for the history. */
export async function seedStorage(page: Page, mockUrl: string): Promise<void> {
  const now = Date.now();
  await putRawRecord(page, 'providers', {
    id: PROVIDER_ID,
    kind: 'openai-compatible',
    name: 'Local server',
    settings: { baseUrl: mockUrl },
    manualModels: [],
    createdAt: now - 10 * DAY,
  });
  await putRawRecord(page, 'prefs', { providerId: PROVIDER_ID, model: MODEL }, 'selectedModel');
  const conversations = [
    { id: ANSWERED_ID, title: ANSWERED_TITLE, at: now - 60_000 },
    { id: 'screens-yesterday', title: 'Résumé of the meeting notes', at: now - DAY - 3_600_000 },
    { id: 'screens-week', title: 'Translate this page into Japanese', at: now - 3 * DAY },
    { id: 'screens-older', title: 'A very long conversation title that has to be cut off somewhere in a narrow panel', at: now - 40 * DAY },
  ];
  for (const c of conversations) {
    await putRawRecord(page, 'conversations', {
      id: c.id,
      title: c.title,
      createdAt: c.at,
      updatedAt: c.at,
      systemPrompt: '',
      params: {},
      model: { providerId: PROVIDER_ID, model: MODEL },
    });
    const question = c.id === ANSWERED_ID ? 'How do I list the models of my Ollama server?' : c.title;
    const answer = c.id === ANSWERED_ID ? ANSWER : 'Done.';
    await putRawRecord(page, 'messages', message(`${c.id}-q`, c.id, 'user', question, c.at - 2_000, 1));
    await putRawRecord(page, 'messages', message(`${c.id}-a`, c.id, 'assistant', answer, c.at - 1_000, 2));
  }
}

function message(id: string, conversationId: string, role: 'user' | 'assistant', content: string, createdAt: number, seq: number) {
  return {
    id,
    conversationId,
    role,
    content,
    createdAt,
    seq,
    status: 'complete',
    ...(role === 'assistant' ? { model: { providerId: PROVIDER_ID, model: MODEL }, usage: { inputTokens: 24, outputTokens: 96 } } : {}),
  };
}

/** Sets the interface language as a stored preference, then reopens the panel on a new chat. */
export async function reopenPanel(page: Page, locale: ScreenLocale): Promise<void> {
  await putRawRecord(page, 'prefs', locale, 'locale');
  await putRawRecord(page, 'prefs', undefined, 'lastConversationId');
  await page.reload();
  await page.waitForFunction((code) => document.documentElement.lang === code, locale);
  await page.getByRole('textbox', { name: nameIn(locale, 'Message') }).waitFor();
}

/**
 * Waits for lazy parts, fonts and transitions to finish, so a picture shows the view as it stays: no loading line in
 * sight, and then the page unchanged over two frames and an idle moment (a part loaded on demand renders as it arrives).
 */
export async function settle(page: Page): Promise<void> {
  const locale = await page.evaluate(() => document.documentElement.lang);
  await page.getByText(nameIn(locale, 'Loading…')).first().waitFor({ state: 'detached' });
  await page.evaluate(async () => {
    const changedMeanwhile = () =>
      new Promise<boolean>((resolve) => {
        let changed = false;
        const watch = new MutationObserver(() => (changed = true));
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            // A view busy for a whole second without a change is as drawn as it gets.
            requestIdleCallback(
              () => {
                watch.disconnect();
                resolve(changed);
              },
              { timeout: 1000 },
            ),
          ),
        );
      });
    for (let round = 0; await changedMeanwhile(); round++) {
      if (round === 50) throw new Error('The view never stopped changing');
    }
  });
  await repainted(page);
}

/**
 * Waits for the panel to lay out and paint after a resize or a colour-scheme switch: fonts, two frames, and the
 * transitions it started (a scheme switch fades backgrounds). Lazy parts have loaded by then (settle waited for them).
 */
export async function repainted(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

export interface ScreenFaults {
  /** Visible text nodes; a view that rendered nothing has almost none. */
  visibleTexts: number;
  /** Share of the screenshot taken by its most common colour. */
  dominantColourShare: number;
  /** What sticks out of the viewport sideways, or makes the page scroll sideways. */
  overflow: string[];
  /** Check boxes and radio buttons whose label text starts on another line than the control (a narrow panel wrapped between them). */
  parted: string[];
}

/** Looks at what the panel shows now: how much text, how many colours, whether anything runs off sideways or comes apart. */
export async function inspectScreen(page: Page): Promise<ScreenFaults> {
  const facts = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > scroller.clientWidth)
      overflow.push(`the page scrolls sideways: ${scroller.scrollWidth}px in ${scroller.clientWidth}px`);
    // Code blocks and tables in an answer scroll sideways by design; nothing else should.
    const mayScrollSideways = (el: Element) => !!el.closest('pre, table, .md .table-wrap, .katex-display');
    const clippedSideways = (el: Element | null) => {
      for (let node = el; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls} "${name}"`;
    };
    // A list's options draw in the browser's own popup, never in the page (a voice list holds thousands).
    for (const el of document.body.querySelectorAll(':not(option, optgroup)')) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && !mayScrollSideways(el)) {
        overflow.push(`${describe(el)} scrolls sideways: ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      // Clipped by an ancestor: reported above when that ancestor scrolls, by design when it cuts off with an ellipsis.
      if (clippedSideways(el.parentElement)) continue;
      overflow.push(`${describe(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}px of ${width}px`);
    }
    const parted: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('label input:is([type="checkbox"], [type="radio"])')) {
      if (!input.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const label = input.closest('label')!;
      const texts = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      let text: Node | null = texts.nextNode();
      while (text && !(text.textContent?.trim() && input.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) {
        text = texts.nextNode();
      }
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const line = range.getClientRects()[0];
      const control = input.getBoundingClientRect();
      if (line && (line.top >= control.bottom || line.bottom <= control.top)) {
        parted.push(`${describe(label)}: its text starts on another line than its ${input.type}`);
      }
    }
    let visibleTexts = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (node.textContent?.trim() && parent?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) visibleTexts++;
    }
    return { overflow: overflow.slice(0, 10), parted, visibleTexts };
  });
  const png = (await page.screenshot()).toString('base64');
  const dominantColourShare = await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const counts = new Map<number, number>();
    let most = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      // Colours a few steps apart count as one: anti-aliasing must not pass for content.
      const key = ((pixels[i]! >> 3) << 10) | ((pixels[i + 1]! >> 3) << 5) | (pixels[i + 2]! >> 3);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > most) most = count;
    }
    return most / (pixels.length / 4);
  }, png);
  return { ...facts, dominantColourShare };
}

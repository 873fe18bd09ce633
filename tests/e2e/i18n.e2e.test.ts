import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { addProvider, backToChat, pickModel, sendMessage, waitForAnswer } from './support/panel';
import { withOpenAIPanel } from './support/suite';
import type { OpenAIMock } from '../mocks/openai-server';

const KEY = 'sk-test-i18n-123456';

const ANSWER = [
  '## Résumé',
  '',
  'Un paragraphe avec du `code` en ligne.',
  '',
  '- premier point',
  '- second point',
  '',
  '```js',
  'const answer = 42;',
  '```',
].join('\n');

/** Strings of each interface language that the views must show once it is picked. */
const LANGUAGES = {
  'ar-SA': { dir: 'rtl', settings: 'الإعدادات', history: 'المحادثات', message: 'الرسالة', you: 'أنت', assistant: 'المساعد', send: 'إرسال' },
  'ja-JP': { dir: 'ltr', settings: '設定', history: '会話', message: 'メッセージ', you: 'あなた', assistant: 'アシスタント', send: '送信' },
} as const;
type Language = keyof typeof LANGUAGES;

/** Latin-script words in the interface's own text (labels, headings, buttons, hints), beyond names and key names. */
const NOT_TRANSLATED = new Set([
  'Parley',
  'OpenAI',
  'Ollama',
  'Azure',
  'AI',
  'Inference',
  'Speech',
  'Microsoft',
  'Edge',
  'Amazon',
  'Bedrock',
  'Google',
  'Gemini',
  'API',
  'URL',
  'JSON',
  'PDF',
  'Enter',
  'Shift',
  'Top',
  'P',
  'Bearer',
  'https',
  // Provider presets, named by their makers.
  'Anthropic',
  'OpenRouter',
  'Groq',
  'DeepSeek',
  'Mistral',
  'xAI',
  'Together',
  'Fireworks',
  'Perplexity',
  'LM',
  'Studio',
  'llama',
  'cpp',
  'vLLM',
]);
async function englishLeftovers(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() =>
    [...document.querySelectorAll('label, h1, h2, h3, h4, legend, summary, button, p, option, dt, small')]
      // Names people gave (providers, conversations, models) and what models wrote are data, not interface.
      .filter((el) => !el.closest('.provider-card-name, .message-text, .md, .model-picker, .history-list, [dir="ltr"], option[lang]'))
      .map((el) => (el as HTMLElement).innerText),
  );
  return [...new Set(texts.flatMap((text) => text.match(/\p{Script=Latin}+/gu) ?? []))].filter((word) => !NOT_TRANSLATED.has(word));
}

function html(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** Opens Settings in whatever language the panel is in, picks a language from its own list, and waits for it to apply. */
async function pickLanguage(page: Page, settingsName: string, locale: Language): Promise<void> {
  const settings = page.getByRole('button', { name: settingsName, exact: true });
  if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
  // The language is in the first section, General.
  await page.getByRole('tab').first().click();
  await page.locator('#language-picker').selectOption(locale);
  await expect.poll(() => html(page)).toEqual({ lang: locale, dir: LANGUAGES[locale].dir });
}

describe('the interface in Arabic and Japanese', () => {
  let openai: OpenAIMock;
  let page: Page;

  withOpenAIPanel({ apiKey: KEY, models: ['gpt-test'] }, (suite) => ({ openai, page } = suite));

  it('starts in the browser’s language, English, left to right', async () => {
    await expect.poll(() => html(page)).toEqual({ lang: 'en-US', dir: 'ltr' });
    // A conversation with a formatted answer, so the chat view has messages, markdown and code to check.
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': KEY });
    await backToChat(page);
    await pickModel(page, 'gpt-test');
    openai.enqueue({ kind: 'text', text: ANSWER });
    await sendMessage(page, 'مرحبا');
    await waitForAnswer(page, /const answer = 42;/);
  });

  it('switches to Arabic from the language picker: right to left, in Arabic', async () => {
    await pickLanguage(page, 'Settings', 'ar-SA');
    const ar = LANGUAGES['ar-SA'];
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toBe(ar.settings);
    expect(await page.getByRole('button', { name: ar.history, exact: true }).isVisible()).toBe(true);
    // The picker lists every language by its own name.
    expect(await page.locator('#language-picker option').allInnerTexts()).toContain('日本語');
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lays the Arabic chat out from the right and keeps code left to right', async () => {
    const ar = LANGUAGES['ar-SA'];
    await page.getByRole('button', { name: ar.settings, exact: true }).click();
    const box = page.getByRole('textbox', { name: ar.message });
    expect(await box.getAttribute('placeholder')).toContain('اسأل عن أي شيء');
    // The empty box's hint reads right to left; what the user types takes its own direction.
    expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await box.fill('Hello');
    expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await box.fill('');
    expect(await page.getByRole('article', { name: ar.you }).count()).toBe(1);
    expect(await page.getByRole('button', { name: ar.send, exact: true }).isVisible()).toBe(true);
    expect(await englishLeftovers(page)).toEqual([]);

    // Mirrored: the first button of the top bar sits at the right edge.
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const first = (await page.locator('.topbar > button').first().boundingBox())!;
    expect(first.x).toBeGreaterThan(width / 2);
    const you = (await page.getByRole('article', { name: ar.you }).boundingBox())!;
    expect(you.x).toBeLessThan(width / 2);

    const code = page.getByRole('article', { name: ar.assistant }).locator('.md-code');
    expect(await code.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await code.locator('pre').innerText()).toContain('const answer = 42;');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('switches to Japanese from the Arabic settings', async () => {
    await pickLanguage(page, LANGUAGES['ar-SA'].settings, 'ja-JP');
    const ja = LANGUAGES['ja-JP'];
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toBe(ja.settings);
    expect(await page.getByRole('button', { name: ja.history, exact: true }).isVisible()).toBe(true);
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the Japanese chat view', async () => {
    const ja = LANGUAGES['ja-JP'];
    await page.getByRole('button', { name: ja.settings, exact: true }).click();
    expect(await page.getByRole('textbox', { name: ja.message }).getAttribute('placeholder')).toContain('Enter で送信');
    expect(await page.getByRole('article', { name: ja.assistant }).count()).toBe(1);
    expect(await page.getByRole('button', { name: ja.send, exact: true }).isVisible()).toBe(true);
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('passes the same accessibility checks in the dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      expect(await axeViolations(page)).toEqual([]);
      await pickLanguage(page, LANGUAGES['ja-JP'].settings, 'ar-SA');
      expect(await axeViolations(page)).toEqual([]);
      await pickLanguage(page, LANGUAGES['ar-SA'].settings, 'ja-JP');
      await page.getByRole('button', { name: LANGUAGES['ja-JP'].settings, exact: true }).click();
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('keeps the chosen language when the panel opens again', async () => {
    await page.reload();
    await expect.poll(() => html(page)).toEqual({ lang: 'ja-JP', dir: 'ltr' });
    await expect.poll(() => page.getByRole('button', { name: LANGUAGES['ja-JP'].settings, exact: true }).isVisible()).toBe(true);
  });
});

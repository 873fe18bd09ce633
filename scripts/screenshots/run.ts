import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension } from '../../tests/e2e/support/extension';
import { addProvider, backToChat, lastAnswer, sendMessage } from '../../tests/e2e/support/panel';
import { startOpenAIMock } from '../../tests/mocks/openai-server';

const ANSWER = [
  'Here is a quick comparison:',
  '',
  '| Provider | Streams | Runs locally |',
  '| --- | --- | --- |',
  '| Ollama | yes | yes |',
  '| OpenAI | yes | no |',
  '',
  'To list models in **TypeScript**:',
  '',
  '```ts',
  "const res = await fetch('http://127.0.0.1:11434/api/tags');",
  'const { models } = await res.json();',
  '```',
  '',
  'The area of a circle is $A = \\pi r^2$.',
].join('\n');

/** Pictures of the side panel for the README, in the languages the README shows. */
export async function main(root: string): Promise<void> {
  const mock = await startOpenAIMock({ models: ['llama3.2', 'gpt-4o-mini'] });
  const harness = await launchExtension({ extensionDir: join(root, '.output/chrome-mv3') });
  try {
    const page = await harness.openSidePanelPage();
    await page.setViewportSize({ width: 420, height: 760 });
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': mock.url, Name: 'Local server' });
    await backToChat(page);
    mock.enqueue({ kind: 'text', text: ANSWER, chunkSize: 40 });
    await sendMessage(page, 'Which providers can I use, and how do I list Ollama models?');
    await lastAnswer(page).getByText('area of a circle', { exact: false }).waitFor();
    await page.waitForTimeout(800);
    await shoot(page, join(root, 'docs/screenshots/side-panel.png'));
    // Controls are found by structure here: their names change with the language.
    const settingsToggle = page.locator('header.topbar button').nth(2);
    for (const [locale, suffix] of [
      ['ar-SA', 'ar'],
      ['ja-JP', 'ja'],
    ] as const) {
      await settingsToggle.click();
      await page.locator('#language-picker').selectOption(locale);
      await page.waitForFunction((code) => document.documentElement.lang === code, locale);
      await page.waitForTimeout(300);
      await shoot(page, join(root, `docs/screenshots/settings-${suffix}.png`));
      await settingsToggle.click();
      await page.waitForTimeout(300);
      await shoot(page, join(root, `docs/screenshots/side-panel-${suffix}.png`));
    }
  } finally {
    await harness.close();
    await mock.close();
  }
}

async function shoot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path });
  console.log(`wrote ${path}`);
}

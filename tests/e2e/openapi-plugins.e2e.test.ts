import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAIMock } from '../mocks/openai-server';
import type { PluginMock } from '../mocks/plugin-server';
import { withPluginChat } from './support/suite';
import {
  backToChat,
  closeChatSettings,
  lastAnswer,
  openChatSettings,
  openSettingsSection,
  sendMessage,
  waitForAnswer,
} from './support/panel';

const PROVIDER_KEY = 'sk-provider-e2e-openapi';

describe('OpenAI-format plugins', () => {
  let openai: OpenAIMock;
  let plugins: PluginMock;
  let page: Page;

  withPluginChat(PROVIDER_KEY, (suite) => ({ openai, plugins, page } = suite));

  it('installs the recorded ai-plugin.json of DM Tool Kit and runs its OpenAPI operation through the chat', async () => {
    await openSettingsSection(page, 'Plugins');
    await page.getByLabel('Plugin manifest or index URL').fill(plugins.openaiManifest('diceroller'));
    await page.getByRole('button', { name: 'Look up' }).click();
    const approval = page.getByRole('dialog', { name: 'Install DM Tool Kit?' });
    // The API server its OpenAPI document names is what the user approves.
    expect(await approval.getByRole('list', { name: 'Addresses the plugin connects to' }).innerText()).toBe(plugins.origin);
    await approval.getByRole('button', { name: 'Allow and install' }).click();
    const card = page.locator('.plugins').getByRole('listitem', { name: 'DM Tool Kit' });
    await expect.poll(() => card.count()).toBe(1);

    await backToChat(page);
    const settings = await openChatSettings(page);
    await settings.getByRole('checkbox', { name: 'DM Tool Kit' }).check();
    await closeChatSettings(page);
    openai.enqueue({ kind: 'tool-call', name: 'diceroller____roll', arguments: '{"_requestBody":{"expression":"4d6kh3"}}' });
    openai.enqueue({ kind: 'text', text: 'You rolled 17.' });
    await sendMessage(page, 'Roll 4d6, keep the highest three.');
    const ask = lastAnswer(page).getByRole('region', { name: 'Allow DM Tool Kit to run roll?' });
    await ask.getByRole('button', { name: 'Allow', exact: true }).click();
    await waitForAnswer(page, 'You rolled 17.');

    const [call] = plugins.openaiCalls();
    expect(call).toMatchObject({ method: 'POST', path: '/openai-api/diceroller/roll', body: { expression: '4d6kh3' } });
    const tools = openai.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map((r) => r.body as { tools?: { function: { name: string } }[] });
    expect(tools[0]!.tools?.map((t) => t.function.name)).toEqual([
      'diceroller____roll',
      'diceroller____getLegalPage',
      'diceroller____getHelpPage',
    ]);
    const reply = (tools[1] as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'tool');
    expect(reply!.content).toContain('4d6: 6, 5, 4, 2');
  });
});

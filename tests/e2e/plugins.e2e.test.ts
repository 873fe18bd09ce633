import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodePluginSettings } from '../../lib/plugins/settings-header';
import type { OpenAIMock } from '../mocks/openai-server';
import { SETTINGS_HEADER, type PluginMock } from '../mocks/plugin-server';
import type { ExtensionHarness } from './support/extension';
import { withPluginChat } from './support/suite';
import { axeViolations } from './support/axe';
import {
  backToChat,
  closeChatSettings,
  lastAnswer,
  openChatSettings,
  openSettingsSection,
  sendMessage,
  waitForAnswer,
} from './support/panel';

const PROVIDER_KEY = 'sk-provider-e2e-plugins';
const WEATHER_KEY = 'wk-secret-123';

interface WireMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
interface ChatBody {
  messages: WireMessage[];
  tools?: { function: { name: string } }[];
}

describe('plugins', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let plugins: PluginMock;
  let page: Page;

  const chatBodies = () => openai.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as ChatBody);

  async function openSettings() {
    await openSettingsSection(page, 'Plugins');
  }

  async function installFrom(url: string) {
    await openSettings();
    await page.getByLabel('Plugin manifest or index URL').fill(url);
    await page.getByRole('button', { name: 'Look up' }).click();
  }

  /** An installed plugin's card in Settings › Plugins. */
  const card = (title: string) => page.locator('.plugins').getByRole('listitem', { name: title });

  /** The consent dialog shown before anything is installed. */
  const installDialog = (title: string) => page.getByRole('dialog', { name: `Install ${title}?` });

  async function openPluginSettings(title: string) {
    await openSettings();
    await page.getByRole('button', { name: `Configure ${title}` }).click();
    return page.getByRole('dialog', { name: `${title} settings` });
  }

  /** The announced toasts' text. */
  const toastText = () =>
    page
      .getByRole('status')
      .filter({ has: page.locator('.ui-toast') })
      .innerText();

  /** The approval an answer waits on, in the tool step of the call. */
  function approvalFor(plugin: string, api: string) {
    return lastAnswer(page).getByRole('region', { name: `Allow ${plugin} to run ${api}?` });
  }

  async function enableForChat(title: string) {
    await backToChat(page);
    const settings = await openChatSettings(page);
    await settings.getByRole('checkbox', { name: title }).check();
    await closeChatSettings(page);
  }

  withPluginChat(PROVIDER_KEY, (suite) => ({ harness, openai, plugins, page } = suite));

  it('installs from a manifest URL only after the user approves the origins it contacts', async () => {
    await installFrom(plugins.urls.weather);
    const approval = installDialog('Mock Weather');
    expect(await approval.getByRole('list', { name: 'Addresses the plugin connects to' }).innerText()).toBe(plugins.origin);
    expect(await card('Mock Weather').count()).toBe(0);
    await approval.getByRole('button', { name: 'Allow and install' }).click();
    await expect.poll(() => card('Mock Weather').count()).toBe(1);
    expect(await approval.count()).toBe(0);
    // Store-like: its avatar, what it does and its tags.
    expect(await card('Mock Weather').locator('.plugin-avatar').innerText()).toBe('🌦');
    expect(await card('Mock Weather').innerText()).toContain('Current weather for a city.');
    expect(await card('Mock Weather').getByRole('list', { name: 'Tags' }).innerText()).toBe('weather');
  });

  it('cannot switch on a plugin while a required setting is empty: the switch says why and opens the settings', async () => {
    const toggle = card('Mock Weather').getByRole('switch', { name: 'Turn on Mock Weather' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await card('Mock Weather').innerText()).toContain('Fill in Weather API key in its settings to turn it on.');
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Mock Weather settings' });
    await dialog.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Nor can a chat turn it on.
    await backToChat(page);
    const chatSettings = await openChatSettings(page);
    await chatSettings.getByRole('textbox', { name: 'System prompt' }).waitFor();
    expect(await chatSettings.getByRole('checkbox', { name: 'Mock Weather' }).count()).toBe(0);
    await closeChatSettings(page);
  });

  it('fills the settings form generated from the schema, validated, the key masked and the rest shown', async () => {
    const dialog = await openPluginSettings('Mock Weather');
    const form = dialog.getByRole('form', { name: 'Mock Weather settings' });
    expect(await form.getByText('The key the weather service gave you.').isVisible()).toBe(true);
    await form.getByLabel('Weather API key').fill(WEATHER_KEY);
    await form.getByLabel('Units').selectOption('imperial');
    await form.getByLabel('Forecast days').fill('two');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    // Inline, next to the field, naming it: no validator wording.
    expect(await form.getByText('Forecast days: Enter a whole number.').isVisible()).toBe(true);
    expect(await form.getByLabel('Forecast days').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Forecast days').fill('2');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(toastText).toContain('Settings saved.');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await card('Mock Weather').getByRole('switch', { name: 'Turn on Mock Weather' }).getAttribute('aria-checked')).toBe('true');

    const again = await openPluginSettings('Mock Weather');
    const saved = again.getByRole('form', { name: 'Mock Weather settings' });
    // Not secret: shown as saved, to read and edit.
    expect(await saved.getByLabel('Units').inputValue()).toBe('imperial');
    expect(await saved.getByLabel('Forecast days').inputValue()).toBe('2');
    expect(await saved.getByLabel('Forecast days').getAttribute('type')).toBe('text');
    // The key: masked, and never back on screen.
    expect(await saved.getByLabel('Weather API key').inputValue()).toBe('');
    expect(await saved.getByLabel('Weather API key').getAttribute('placeholder')).toContain('Saved');
    expect(await saved.getByLabel('Weather API key').getAttribute('type')).toBe('password');
    expect(await page.content()).not.toContain(WEATHER_KEY);
    for (const scheme of ['light', 'dark'] as const) {
      // Without motion, so colours are read once they have changed.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null, reducedMotion: null });
    await page.keyboard.press('Escape');
    await expect.poll(() => again.count()).toBe(0);
  });

  it('lets the model call an enabled plugin, which receives only its own settings, and answers with the result', async () => {
    // Picked before the first message: the conversation that message creates gets it.
    await enableForChat('Mock Weather');
    openai.enqueue({ kind: 'tool-call', name: 'mock-weather____getWeather', arguments: '{"city":"Paris"}' });
    openai.enqueue({ kind: 'text', text: 'In Paris it is sunny and 21 °C.' });
    await sendMessage(page, 'What is the weather in Paris?');
    // The first call of this plugin in the chat pauses the answer until the user allows it.
    const ask = approvalFor('Mock Weather', 'getWeather');
    await ask.waitFor();
    expect(await ask.innerText()).toContain(plugins.origin);
    expect(await ask.locator('pre').innerText()).toBe('{\n  "city": "Paris"\n}');
    expect(plugins.apiCalls()).toHaveLength(0);
    await ask.getByRole('button', { name: 'Allow', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForAnswer(page, 'In Paris it is sunny and 21 °C.');

    const [call] = plugins.apiCalls();
    expect(call!.path).toBe('/api/weather');
    expect(call!.body).toEqual({ city: 'Paris' });
    expect(decodePluginSettings(call!.headers[SETTINGS_HEADER] as string)).toEqual({ apiKey: WEATHER_KEY, units: 'imperial', days: 2 });
    expect(JSON.stringify(call!.headers)).not.toContain(PROVIDER_KEY);

    const [first, second] = chatBodies().slice(-2);
    expect(first!.tools?.map((t) => t.function.name)).toEqual(['mock-weather____getWeather']);
    expect(first!.messages[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('Use getWeather for every question about the weather.'),
    });
    const toolReply = second!.messages.find((m) => m.role === 'tool');
    expect(toolReply!.content).toContain('Sunny and 21 °C');
    expect(toolReply!.tool_call_id).toBe(second!.messages.find((m) => m.tool_calls)!.tool_calls![0]!.id);

    const step = lastAnswer(page).locator('details.tool-step');
    expect(await step.locator('summary').innerText()).toMatch(/^Plugin Mock Weather: getWeather · /);
    await step.locator('summary').click();
    expect(await step.innerText()).toContain('{"city":"Paris"}');
    expect(await step.innerText()).toContain('Sunny and 21 °C');
  });

  it('hands an invalid call’s validation error back to the model without calling the plugin', async () => {
    const before = plugins.apiCalls().length;
    openai.enqueue({ kind: 'tool-call', name: 'mock-weather____getWeather', arguments: '{"town":"Paris"}' });
    openai.enqueue({ kind: 'text', text: 'I need a city name.' });
    await sendMessage(page, 'Weather?');
    await waitForAnswer(page, 'I need a city name.');
    expect(plugins.apiCalls()).toHaveLength(before);
    const toolReply = chatBodies()
      .at(-1)!
      .messages.find((m) => m.role === 'tool');
    expect(toolReply!.content).toMatch(/Invalid tool arguments.*city/);
    // The step looks failed before it is opened, and says why in plain words, not the validator's.
    const step = lastAnswer(page).locator('details.tool-step');
    expect(await step.getAttribute('open')).toBeNull();
    expect(await step.locator('summary').innerText()).toMatch(/^Plugin Mock Weather: getWeather · Failed · /);
    expect(await step.locator('summary svg').count()).toBeGreaterThan(0);
    await step.locator('summary').click();
    expect(await lastAnswer(page).locator('.tool-error').innerText()).toBe('The model left out “city”, which this plugin needs.');
    expect(await step.innerText()).not.toContain('Instance');
  });

  it("runs an answer's first call of a plugin allowed in this chat, and asks again for one made after its result", async () => {
    const before = plugins.apiCalls().length;
    openai.enqueue({ kind: 'tool-call', name: 'mock-weather____getWeather', arguments: '{"city":"Rome"}' });
    openai.enqueue({ kind: 'tool-call', name: 'mock-weather____getWeather', arguments: '{"city":"Lima"}' });
    openai.enqueue({ kind: 'text', text: 'Rome and Lima are both sunny.' });
    await sendMessage(page, 'Rome, then Lima?');
    const chained = approvalFor('Mock Weather', 'getWeather');
    await chained.waitFor();
    expect(await chained.locator('pre').innerText()).toContain('Lima');
    expect(
      plugins
        .apiCalls()
        .slice(before)
        .map((call) => call.body),
    ).toEqual([{ city: 'Rome' }]);
    await chained.getByRole('button', { name: 'Allow', exact: true }).click();
    await waitForAnswer(page, 'Rome and Lima are both sunny.');
    expect(
      plugins
        .apiCalls()
        .slice(before)
        .map((call) => call.body),
    ).toEqual([{ city: 'Rome' }, { city: 'Lima' }]);
  });

  it('tells the model when the user denies a call, and the answer goes on without it', async () => {
    await installFrom(plugins.urls.report);
    await installDialog('Mock Report').getByRole('button', { name: 'Allow and install' }).click();
    await expect.poll(() => card('Mock Report').count()).toBe(1);
    await enableForChat('Mock Report');
    const before = plugins.apiCalls().length;
    openai.enqueue({ kind: 'tool-call', name: 'mock-report____makeReport____markdown', arguments: '{"topic":"secrets"}' });
    openai.enqueue({ kind: 'text', text: 'Understood, no report.' });
    await sendMessage(page, 'Report on secrets');
    await approvalFor('Mock Report', 'makeReport').getByRole('button', { name: 'Deny' }).click();
    await waitForAnswer(page, 'Understood, no report.');
    expect(plugins.apiCalls()).toHaveLength(before);
    const toolReply = chatBodies()
      .at(-1)!
      .messages.find((m) => m.role === 'tool');
    expect(toolReply!.content).toContain('The user declined this tool call.');
    expect(await lastAnswer(page).locator('.tool-error').textContent()).toBe(
      'You declined this call. The assistant was told and goes on without it.',
    );
  });

  it('renders a markdown plugin’s result in the conversation', async () => {
    openai.enqueue({ kind: 'tool-call', name: 'mock-report____makeReport____markdown', arguments: '{"topic":"tides"}' });
    openai.enqueue({ kind: 'text', text: 'The report is above.' });
    await sendMessage(page, 'Report on tides');
    // Denied before, so it asks again.
    await approvalFor('Mock Report', 'makeReport').getByRole('button', { name: 'Allow', exact: true }).click();
    await waitForAnswer(page, 'The report is above.');
    const rendered = lastAnswer(page).getByRole('region', { name: 'Result from Mock Report' });
    expect(await rendered.getByRole('heading', { name: 'Report on tides' }).isVisible()).toBe(true);
    expect(await rendered.locator('strong').innerText()).toBe('Status:');
  });

  it('reads the current page and selection through the built-in plugin, quoted as data and shown as steps', async () => {
    await enableForChat('Current page');
    const article = await harness.context.newPage();
    await article.goto(plugins.urls.article);
    await article.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('quote')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await article.bringToFront();
    openai.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'parley-page____getPageText', arguments: '{"query":"high water"}' },
        { name: 'parley-page____getSelection', arguments: '{}' },
      ],
    });
    openai.enqueue({ kind: 'text', text: 'High water is at 14:02.' });
    await sendMessage(page, 'When is high water?');
    await waitForAnswer(page, 'High water is at 14:02.');
    await article.close();

    const last = chatBodies().at(-1)!;
    const [pageText, selection] = last.messages.filter((m) => m.role === 'tool');
    // Each result is the built-in's own quote, inside the mark that says it is untrusted data.
    expect(pageText!.content).toMatch(
      /\n<untrusted-tool-data>\n<page source="Harbour tides — http:\/\/127\.0\.0\.1:\d+\/pages\/article\.html">\n/,
    );
    expect(pageText!.content).toContain('The harbour master posts the tide tables every Monday morning');
    expect(selection!.content).toContain(
      `<untrusted-tool-data>\n<selection source="Harbour tides — ${plugins.urls.article}">\nHigh water at the harbour today is at 14:02, with a height of 5.1 metres.\n</selection>\n</untrusted-tool-data>`,
    );
    expect(last.messages[0]!.content).not.toContain('Ignore every previous instruction');
    const summaries = await lastAnswer(page).locator('details.tool-step summary').allInnerTexts();
    expect(summaries.map((text) => text.split(' · ')[0])).toEqual([
      'Plugin Current page: getPageText',
      'Plugin Current page: getSelection',
    ]);
  });

  it('installs from an index and shows a standalone plugin’s UI, deaf to every other window', async () => {
    await installFrom(plugins.urls.index);
    const index = page.getByRole('region', { name: 'Plugins in this index' });
    // The look-up fetches the index over the network: on a loaded machine that takes more than the default second.
    await expect.poll(() => index.getByText('Installed', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    await index.getByRole('button', { name: 'Review Mock Clock' }).click();
    await installDialog('Mock Clock').getByRole('button', { name: 'Allow and install' }).click();
    await expect.poll(() => card('Mock Clock').count()).toBe(1);
    const dialog = await openPluginSettings('Mock Clock');
    const form = dialog.getByRole('form', { name: 'Mock Clock settings' });
    await form.getByLabel('Clock label').fill('Kitchen');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await enableForChat('Mock Clock');
    openai.enqueue({ kind: 'tool-call', name: 'mock-clock____showClock____standalone', arguments: '{"zone":"Europe/Paris"}' });
    openai.enqueue({ kind: 'text', text: 'Here is your clock.' });
    await sendMessage(page, 'Show me a clock');
    const ask = approvalFor('Mock Clock', 'showClock');
    expect(await ask.innerText()).toContain(plugins.origin);
    await ask.getByRole('button', { name: 'Always allow' }).click();
    await waitForAnswer(page, 'Here is your clock.');

    const frameElement = lastAnswer(page).locator('iframe[title="Mock Clock interface"]');
    expect(await frameElement.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    const frame = page.frameLocator('iframe[title="Mock Clock interface"]');
    await expect.poll(() => frame.locator('#status').innerText(), { timeout: 10_000 }).toBe('Ready: showClock (standalone)');
    expect(await frame.locator('#zone').innerText()).toBe('Zone: Europe/Paris');
    expect(await frame.locator('#label').innerText()).toBe('Label: Kitchen');

    // In a dark panel the frame is dark too: the plugin page sees the panel's scheme, and no white box surrounds it.
    await page.emulateMedia({ colorScheme: 'dark' });
    const frameBox = await frameElement.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(frameBox).toBe('rgba(0, 0, 0, 0)');
    await expect.poll(() => frame.locator('body').evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    // The page's own canvas text colour is the dark scheme's light one.
    expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).color)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: null });

    // The forgers post every 150 ms: three more rounds each, all sent while the panel listens to the frame.
    const forgers = ['Same-origin forger', 'Foreign forger'].map((title) =>
      frame.frameLocator(`iframe[title="${title}"]`).locator('#state'),
    );
    const rounds = async () => Promise.all(forgers.map(async (state) => Number(await state.getAttribute('data-rounds'))));
    const from = await rounds();
    await expect.poll(async () => (await rounds()).every((n, i) => n >= from[i]! + 3)).toBe(true);
    const settings = await page.evaluate(() =>
      chrome.runtime.sendMessage({ channel: 'parley', name: 'plugins.frameSettings', payload: { identifier: 'mock-clock' } }),
    );
    expect(settings).toEqual({ ok: true, value: { label: 'Kitchen' } });

    const step = lastAnswer(page).locator('details.tool-step');
    await step.locator('summary').click();
    expect(await step.innerText()).not.toContain('FORGED');
    await frame.getByRole('button', { name: 'Send to chat' }).click();
    await expect.poll(() => step.innerText()).toContain('{"clock":"GENUINE Europe/Paris"}');
    expect(await step.innerText()).not.toContain('FORGED');
    // Answered after the forgers' rounds above: any reply to them would have reached them by now.
    for (const state of forgers) expect(await state.innerText()).toBe('Forging');
    expect(plugins.apiCalls().filter((r) => r.path.includes('clock'))).toHaveLength(0);

    // "Always allow" switched the plugin to run automatically, where its settings say so and can switch it back.
    const clock = await openPluginSettings('Mock Clock');
    // Not secret, so the label saved earlier is there to read.
    expect(await clock.getByLabel('Clock label').inputValue()).toBe('Kitchen');
    const mode = clock.getByRole('group', { name: 'When the assistant wants to use Mock Clock' });
    expect(await mode.getByRole('radio', { name: 'Run automatically' }).isChecked()).toBe(true);
    // The choice shows once the background has saved it.
    await mode.getByRole('radio', { name: 'Ask each time' }).click();
    await expect.poll(() => mode.getByRole('radio', { name: 'Ask each time' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => clock.count()).toBe(0);
    await backToChat(page);
  });

  it('a panel opened later still sees a waiting call, and Stop cancels it cleanly', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await enableForChat('Mock Weather');
    const before = plugins.apiCalls().length;
    openai.enqueue({ kind: 'tool-call', name: 'mock-weather____getWeather', arguments: '{"city":"Oslo"}' });
    openai.enqueue({ kind: 'text', text: 'Never sent.' });
    await sendMessage(page, 'Weather in Oslo?');
    await approvalFor('Mock Weather', 'getWeather').waitFor();

    const later = await harness.openSidePanelPage();
    const lateAsk = later
      .getByRole('log', { name: 'Conversation' })
      .getByRole('article', { name: 'Assistant' })
      .last()
      .getByRole('region', { name: 'Allow Mock Weather to run getWeather?' });
    await lateAsk.waitFor();
    expect(await lateAsk.locator('pre').innerText()).toContain('Oslo');
    await later.close();

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => approvalFor('Mock Weather', 'getWeather').count()).toBe(0);
    await expect.poll(() => lastAnswer(page).innerText()).toContain('Stopped.');
    expect(plugins.apiCalls()).toHaveLength(before);
    expect(await page.evaluate(() => chrome.runtime.sendMessage({ channel: 'parley', name: 'tools.pendingCalls', payload: {} }))).toEqual({
      ok: true,
      value: [],
    });
  });

  it('refuses a manifest URL that redirects to another origin, never contacting it', async () => {
    // The service worker sees only an opaque redirect, whose target it cannot check: nothing is followed.
    await installFrom(plugins.redirectTo(`${plugins.foreignOrigin}/weather/manifest.json`));
    const alert = page.getByRole('alert').filter({ hasText: 'The address sent Parley elsewhere' });
    await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(1);
    expect(plugins.foreignRequests.filter((r) => r.path.includes('manifest'))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Allow and install' }).count()).toBe(0);
  });

  it('removes a plugin at once without a browser prompt, and Undo brings it back with its settings', async () => {
    let prompted = false;
    page.once('dialog', (d) => {
      prompted = true;
      void d.dismiss();
    });
    await openSettings();
    await card('Mock Weather').getByRole('button', { name: 'More actions for Mock Weather' }).click();
    await page.getByRole('menuitem', { name: 'Remove plugin' }).click();
    await expect.poll(() => card('Mock Weather').count()).toBe(0);
    expect(prompted).toBe(false);
    await expect.poll(toastText).toContain('Mock Weather removed.');
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => card('Mock Weather').count()).toBe(1);
    const settings = await page.evaluate(() =>
      chrome.runtime.sendMessage({ channel: 'parley', name: 'plugins.frameSettings', payload: { identifier: 'mock-weather' } }),
    );
    expect(settings).toEqual({ ok: true, value: { apiKey: WEATHER_KEY, units: 'imperial', days: 2 } });
  });
});

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './extension';
import { servePages, type PageServer } from './page-server';
import { putRawRecord } from './idb';
import { ANSWERED_TITLE, MODEL, nameIn, nameWith, reopenPanel, seedStorage, settle, type ScreenLocale } from './screens';
import { startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { startPluginServer, type PluginMock } from '../../mocks/plugin-server';

/**
 * The one list of what the screens test checks and `npm run screenshots`
 * pictures: every view and open state a new user meets, each with how a person
 * reaches it (by the accessible names of the controls, in the panel's language).
 * A view added here is both checked and pictured.
 */

/** The browser, the panel opened as a tab, and the loopback servers the views need. */
export interface ScreenWorld {
  harness: ExtensionHarness;
  page: Page;
  openai: OpenAIMock;
  plugins: PluginMock;
  articles: PageServer;
  close(): Promise<void>;
}

export async function startScreenWorld(extensionDir?: string): Promise<ScreenWorld> {
  const openai = await startOpenAIMock({ models: [MODEL, 'gpt-4o-mini'] });
  const plugins = await startPluginServer();
  const articles = await servePages(join(process.cwd(), 'tests/e2e/pages/reader'));
  const harness = await launchExtension(extensionDir ? { extensionDir } : {});
  const page = await harness.openSidePanelPage();
  await page.getByRole('textbox').first().waitFor();
  return {
    harness,
    page,
    openai,
    plugins,
    articles,
    async close() {
      await harness.close();
      await Promise.all([openai.close(), plugins.close(), articles.close()]);
    },
  };
}

export interface ScreenView {
  /** The pictures' name: `<name>-<locale>-<scheme>-<width>x<height>.png`. */
  name: string;
  /** Opens the view from whatever the one before left on screen (the panel in `locale`, reloaded at each language). */
  open(page: Page, locale: ScreenLocale, world: ScreenWorld): Promise<void>;
}

/** What the panel holds before its views are visited: stages run in order, each for every language. */
export interface ScreenStage {
  name: string;
  /** Stores what the stage's views show; the panel is reloaded in each language afterwards. */
  prepare(world: ScreenWorld): Promise<void>;
  views: ScreenView[];
}

const OPEN_LAYER = 'dialog[open], [popover]:popover-open:not(.ui-tooltip)';

function button(page: Page, locale: ScreenLocale, ...english: string[]) {
  return page.getByRole('button', { name: nameIn(locale, ...english) }).first();
}

/** Back to an empty chat as a person gets there: Escape closes whatever is open on top, then "New chat". */
async function toChat(page: Page, locale: ScreenLocale): Promise<void> {
  for (let i = 0; i < 4 && (await page.evaluate((open) => !!document.querySelector(open), OPEN_LAYER)); i++) {
    await page.keyboard.press('Escape');
  }
  await button(page, locale, 'New chat').click();
  // A "/" typed for the menu stays in the draft of a new chat; the next view starts from an empty box.
  const box = page.getByRole('textbox', { name: nameIn(locale, 'Message') });
  if (await box.inputValue()) await box.fill('');
}

async function openHistory(page: Page, locale: ScreenLocale): Promise<void> {
  await toChat(page, locale);
  await button(page, locale, 'History', 'Conversations').click();
  await page.getByText(ANSWERED_TITLE).first().waitFor();
}

/** Opens Settings at a section, named by its English tab label. */
async function openSection(page: Page, locale: ScreenLocale, section: string): Promise<void> {
  await toChat(page, locale);
  await button(page, locale, 'Settings').click();
  await page.getByRole('tab', { name: nameIn(locale, section) }).click();
  await page.getByRole('tabpanel', { name: nameIn(locale, section) }).waitFor();
}

const view = (name: string, open: ScreenView['open']): ScreenView => ({
  name,
  async open(page, locale, world) {
    await open(page, locale, world);
    await settle(page);
  },
});

/** The installed plugin whose settings dialog is shown, and the one offered for install in the consent dialog. */
const INSTALLED_PLUGIN = 'Mock Weather';
const OFFERED_PLUGIN = 'Mock Report';

export const SCREEN_STAGES: ScreenStage[] = [
  {
    name: 'nothing stored',
    prepare: async () => undefined,
    views: [
      view('first-run', async (page, locale) => {
        await page.getByRole('heading', { name: nameIn(locale, 'Welcome to Parley') }).waitFor();
        await page.locator('.onboarding-searching').waitFor({ state: 'detached' });
      }),
    ],
  },
  {
    name: 'a provider, conversations, a persona and a plugin',
    async prepare({ page, openai, plugins }) {
      await seedStorage(page, openai.url);
      await putRawRecord(
        page,
        'prefs',
        [{ id: 'screens-persona', name: 'Travel planner', systemPrompt: 'You plan trips: routes, trains and where to stay.' }],
        'personas',
      );
      // Installed through the background as the consent dialog's button does, so its card offers its settings.
      const installed = await page.evaluate(
        (payload) => chrome.runtime.sendMessage({ channel: 'parley', name: 'plugins.install', payload }),
        { manifestUrl: plugins.urls.weather, manifest: plugins.manifest('weather'), origins: [plugins.origin] },
      );
      if (!(installed as { ok?: boolean })?.ok) throw new Error(`Could not install the plugin: ${JSON.stringify(installed)}`);
    },
    views: [
      view('empty-chat', (page, locale) => toChat(page, locale)),
      view('slash-menu', async (page, locale) => {
        await toChat(page, locale);
        await page.getByRole('textbox', { name: nameIn(locale, 'Message') }).fill('/');
        await page.getByRole('listbox', { name: nameIn(locale, 'Prompts and actions') }).waitFor();
      }),
      view('model-picker', async (page, locale) => {
        await toChat(page, locale);
        await page.getByRole('button', { name: MODEL }).click();
        await page
          .getByRole('listbox', { name: nameIn(locale, 'Models') })
          .getByRole('option', { name: MODEL })
          .first()
          .waitFor();
      }),
      view('answered-chat', async (page, locale) => {
        await openHistory(page, locale);
        await page.getByText(ANSWERED_TITLE).first().click();
        await page.locator('pre code').first().waitFor();
      }),
      view('history', openHistory),
      view('history-menu', async (page, locale) => {
        await openHistory(page, locale);
        await page.getByRole('button', { name: nameWith(locale, 'More actions for {{title}}', { title: ANSWERED_TITLE }) }).click();
        await page.getByRole('menu').waitFor();
      }),
      view('settings-general', (page, locale) => openSection(page, locale, 'General')),
      view('settings-providers', async (page, locale) => {
        await openSection(page, locale, 'Providers');
        await page.getByText('Local server').first().waitFor();
      }),
      view('settings-add-provider', async (page, locale) => {
        await openSection(page, locale, 'Providers');
        await button(page, locale, 'Add provider').click();
        await page.getByRole('heading', { name: nameIn(locale, 'Choose a provider') }).waitFor();
      }),
      view('settings-voices', (page, locale) => openSection(page, locale, 'Voices & dictation')),
      view('settings-page', (page, locale) => openSection(page, locale, 'Page & selection')),
      view('settings-prompts', (page, locale) => openSection(page, locale, 'Prompt library')),
      view('settings-personas', async (page, locale) => {
        await openSection(page, locale, 'Personas');
        await page.getByRole('textbox').first().waitFor();
      }),
      view('settings-plugins', async (page, locale) => {
        await openSection(page, locale, 'Plugins');
        await page
          .getByRole('heading', { name: nameIn(locale, 'MCP servers') })
          .first()
          .waitFor();
        await page.getByText(INSTALLED_PLUGIN).first().waitFor();
      }),
      view('plugin-consent', async (page, locale, { plugins }) => {
        await openSection(page, locale, 'Plugins');
        await page.getByLabel(nameIn(locale, 'Plugin manifest or index URL')).fill(plugins.urls.report);
        await button(page, locale, 'Look up').click();
        await page.getByRole('dialog', { name: nameWith(locale, 'Install {{title}}?', { title: OFFERED_PLUGIN }) }).waitFor();
      }),
      view('plugin-settings', async (page, locale) => {
        await openSection(page, locale, 'Plugins');
        await page.getByRole('button', { name: nameWith(locale, 'Configure {{title}}', { title: INSTALLED_PLUGIN }) }).click();
        await page.getByRole('dialog', { name: nameWith(locale, '{{plugin}} settings', { plugin: INSTALLED_PLUGIN }) }).waitFor();
      }),
      view('settings-data', (page, locale) => openSection(page, locale, 'Data')),
      view('clear-data-confirm', async (page, locale) => {
        await openSection(page, locale, 'Data');
        await button(page, locale, 'Clear all data…').click();
        await page.getByRole('dialog', { name: nameIn(locale, 'Clear all data') }).waitFor();
      }),
    ],
  },
  {
    name: 'a reading in progress',
    // A reading of a loopback article, paused so that the bar holds still; the panel shows it whenever it opens.
    async prepare({ harness, page, articles }) {
      await harness.waitForVoices();
      const article = await harness.context.newPage();
      await article.goto(articles.url('long.html'));
      await article.bringToFront();
      await page.evaluate(async () => {
        const send = (name: string, payload: object) => chrome.runtime.sendMessage({ channel: 'parley', name, payload });
        await send('reader.start', { windowId: (await chrome.windows.getCurrent()).id });
        await send('reader.control', { action: 'pause' });
      });
      await page.bringToFront();
    },
    views: [
      view('reading-bar', async (page, locale) => {
        await page.getByRole('region', { name: nameIn(locale, 'Read aloud') }).waitFor();
      }),
    ],
  },
];

/** Every view, in the order they are visited. */
export const SCREEN_VIEWS = SCREEN_STAGES.flatMap((stage) => stage.views);

/** Runs each stage, then in each language reloads the panel once and visits the stage's views in turn. */
export async function visitScreens(
  world: ScreenWorld,
  locales: readonly ScreenLocale[],
  visit: (view: ScreenView, locale: ScreenLocale) => Promise<void>,
): Promise<void> {
  for (const stage of SCREEN_STAGES) {
    await stage.prepare(world);
    for (const locale of locales) {
      await reopenPanel(world.page, locale);
      for (const v of stage.views) await visit(v, locale);
    }
  }
}

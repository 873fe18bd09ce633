import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './extension';
import { startOpenAIMock, type OpenAIMock, type OpenAIMockOptions } from '../../mocks/openai-server';
import { startPluginServer, type PluginMock } from '../../mocks/plugin-server';
import { addProvider, backToChat, pickModel } from './panel';
import { configureProvider } from '../../../scripts/bench/panel-open';

/** What a describe block shares; its beforeAll fills it in, so read it only inside tests and hooks. */
export interface ExtensionSuite {
  harness: ExtensionHarness;
}

export interface OpenAIPanelSuite extends ExtensionSuite {
  openai: OpenAIMock;
  /** The panel opened as a tab. */
  page: Page;
}

/** Launches the built extension once for the enclosing describe block and closes it afterwards. */
export function withExtension(): ExtensionSuite {
  const suite: Partial<ExtensionSuite> = {};
  beforeAll(async () => {
    suite.harness = await launchExtension();
  });
  afterAll(async () => {
    await suite.harness?.close();
  });
  return suite as ExtensionSuite;
}

/** Anything a suite starts and must close. */
interface Closable {
  close(): Promise<void>;
}

/**
 * Runs `setUp` once for the enclosing describe block and hands what it returns to `ready`; whatever `setUp` passed to
 * `own` is closed afterwards, last started first, also when `setUp` failed halfway.
 */
function suiteOf<S>(setUp: (own: <T extends Closable>(resource: T) => T) => Promise<S>, ready: (suite: S) => void): void {
  const owned: Closable[] = [];
  beforeAll(async () => {
    ready(await setUp((resource) => (owned.push(resource), resource)));
  });
  afterAll(async () => {
    for (const resource of owned.reverse()) await resource.close();
  });
}

/**
 * As withExtension, with an OpenAI-compatible mock started first and the panel opened as a tab.
 * `ready` receives them once started, so tests keep their own variables (and may replace `page`).
 */
export function withOpenAIPanel(mock: OpenAIMockOptions, ready: (suite: OpenAIPanelSuite) => void): void {
  suiteOf(async (own) => {
    const openai = own(await startOpenAIMock(mock));
    const harness = own(await launchExtension());
    return { harness, openai, page: await harness.openSidePanelPage() };
  }, ready);
}

export interface PluginChatSuite extends OpenAIPanelSuite {
  plugins: PluginMock;
}

/**
 * For plugin tests: the loopback plugin server, and a panel chatting with
 * `gpt-tools` on an OpenAI-compatible mock that asks for tool calls.
 */
export function withPluginChat(providerKey: string, ready: (suite: PluginChatSuite) => void): void {
  suiteOf(async (own) => {
    const openai = own(await startOpenAIMock({ apiKey: providerKey, models: ['gpt-tools'] }));
    const plugins = own(await startPluginServer());
    const harness = own(await launchExtension());
    const page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': providerKey });
    await backToChat(page);
    await pickModel(page, 'gpt-tools');
    return { harness, openai, plugins, page };
  }, ready);
}

/**
 * As withExtension, with an OpenAI-compatible mock started first and set up as the panel's provider and model
 * (configureProvider), no panel opened: for tests that open their own pages.
 */
export function withConfiguredProvider(mock: OpenAIMockOptions, ready: (suite: ExtensionSuite & { openai: OpenAIMock }) => void): void {
  suiteOf(async (own) => {
    const openai = own(await startOpenAIMock(mock));
    const harness = own(await launchExtension());
    await configureProvider(harness, openai);
    return { harness, openai };
  }, ready);
}

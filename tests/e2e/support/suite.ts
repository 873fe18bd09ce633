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

/**
 * As withExtension, with an OpenAI-compatible mock started first and the panel opened as a tab.
 * `ready` receives them once started, so tests keep their own variables (and may replace `page`).
 */
export function withOpenAIPanel(mock: OpenAIMockOptions, ready: (suite: OpenAIPanelSuite) => void): void {
  let harness: ExtensionHarness | undefined;
  let openai: OpenAIMock | undefined;
  beforeAll(async () => {
    openai = await startOpenAIMock(mock);
    harness = await launchExtension();
    ready({ harness, openai, page: await harness.openSidePanelPage() });
  });
  afterAll(async () => {
    await harness?.close();
    await openai?.close();
  });
}

export interface PluginChatSuite extends OpenAIPanelSuite {
  plugins: PluginMock;
}

/**
 * For plugin tests: the loopback plugin server, and a panel chatting with
 * `gpt-tools` on an OpenAI-compatible mock that asks for tool calls.
 */
export function withPluginChat(providerKey: string, ready: (suite: PluginChatSuite) => void): void {
  let harness: ExtensionHarness | undefined;
  let openai: OpenAIMock | undefined;
  let plugins: PluginMock | undefined;
  beforeAll(async () => {
    openai = await startOpenAIMock({ apiKey: providerKey, models: ['gpt-tools'] });
    plugins = await startPluginServer();
    harness = await launchExtension();
    const page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': providerKey });
    await backToChat(page);
    await pickModel(page, 'gpt-tools');
    ready({ harness, openai, plugins, page });
  });
  afterAll(async () => {
    await harness?.close();
    await openai?.close();
    await plugins?.close();
  });
}

/**
 * As withExtension, with an OpenAI-compatible mock started first and set up as the panel's provider and model
 * (configureProvider), no panel opened: for tests that open their own pages.
 */
export function withConfiguredProvider(mock: OpenAIMockOptions, ready: (suite: ExtensionSuite & { openai: OpenAIMock }) => void): void {
  let harness: ExtensionHarness | undefined;
  let openai: OpenAIMock | undefined;
  beforeAll(async () => {
    openai = await startOpenAIMock(mock);
    harness = await launchExtension();
    await configureProvider(harness, openai);
    ready({ harness, openai });
  });
  afterAll(async () => {
    await harness?.close();
    await openai?.close();
  });
}

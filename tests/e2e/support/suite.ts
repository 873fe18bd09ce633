import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './extension';
import { startOpenAIMock, type OpenAIMock, type OpenAIMockOptions } from '../../mocks/openai-server';

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

import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What a person does in Settings to add a provider; fields are found by their labels. */
export async function addProvider(page: Page, type: string, fields: Record<string, string>): Promise<void> {
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
  await page.getByLabel('Provider type').selectOption({ label: type });
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('region', { name: 'New provider' });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
}

export async function backToChat(page: Page): Promise<void> {
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await settings.getAttribute('aria-pressed')) === 'true') await settings.click();
  const history = page.getByRole('button', { name: 'Conversations' });
  if ((await history.getAttribute('aria-pressed')) === 'true') await history.click();
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

export function conversation(page: Page) {
  return page.getByRole('log', { name: 'Conversation' });
}

export function lastAnswer(page: Page) {
  return conversation(page).getByRole('article', { name: 'Assistant' }).last();
}

export async function waitForAnswer(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => lastAnswer(page).innerText(), { timeout: 15_000 }).toMatch(text);
}

/** Opens the composer's "Chat settings" popover (system prompt, plugins, sampling) and returns it. */
export async function openChatSettings(page: Page) {
  const button = page.getByRole('button', { name: 'Chat settings' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const popover = page.getByRole('dialog', { name: 'Chat settings' });
  await popover.waitFor();
  return popover;
}

/** Closes it as a person would, with Escape from inside: what was typed is kept. */
export async function closeChatSettings(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Chat settings' }).press('Escape');
  await page.getByRole('dialog', { name: 'Chat settings' }).waitFor({ state: 'hidden' });
}

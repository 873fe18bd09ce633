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
  const history = page.getByRole('button', { name: 'Conversations', exact: true });
  if ((await history.getAttribute('aria-pressed')) === 'true') await history.click();
}

/** The header's model picker: a button named "Model" followed by the model in use. */
export function modelPicker(page: Page) {
  return page.getByRole('button', { name: /^Model\b/ });
}

function modelList(page: Page) {
  return page.getByRole('listbox', { name: 'Models' });
}

/** The models the picker offers, read as a person would: open it, read the options, close it with Escape. */
export async function listedModels(page: Page): Promise<string[]> {
  await modelPicker(page).click();
  await modelList(page).waitFor();
  const names = await modelList(page).getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await modelList(page).waitFor({ state: 'detached' });
  return names.map((n) => n.trim());
}

/**
 * Picks a model as a person does: open the picker, type its name, choose it. Waits (reopening the picker) until the
 * model is offered, since the models arrive when the providers are listed. Uses only Playwright waits, so the bench can use it too.
 */
export async function pickModel(page: Page, label: string, timeoutMs = 15_000): Promise<void> {
  const option = modelList(page).getByRole('option', { name: label, exact: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await modelPicker(page).click();
    await page.getByRole('combobox', { name: 'Search models' }).fill(label);
    if (
      await option.waitFor({ timeout: 1000 }).then(
        () => true,
        () => Date.now() > deadline,
      )
    )
      break;
    await page.keyboard.press('Escape');
  }
  await option.click();
  await modelList(page).waitFor({ state: 'detached' });
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

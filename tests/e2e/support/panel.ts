import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Opens Settings at a section (a tab named `section`) and returns that section's panel. */
export async function openSettingsSection(page: Page, section: string): Promise<Locator> {
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
  await page.getByRole('tab', { name: section, exact: true }).click();
  return page.getByRole('tabpanel', { name: section, exact: true });
}

/** Settings → Providers, at the list of provider cards (stepping back out of a form or the chooser left open). */
export async function openProviders(page: Page): Promise<Locator> {
  const section = await openSettingsSection(page, 'Providers');
  const back = section.getByRole('button', { name: 'Back to providers' });
  if (await back.count()) await back.click();
  return section;
}

/** Fills a provider form's fields by their labels, opening "Advanced" when a field sits there. */
export async function fillProviderFields(form: Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    const field = form.getByLabel(label, { exact: true });
    if (!(await field.isVisible())) await form.getByText('Advanced', { exact: true }).click();
    await field.fill(value);
  }
}

/** What a person does in Settings to add a provider: pick its kind in the chooser, fill the form, save. */
export async function addProvider(page: Page, type: string, fields: Record<string, string>): Promise<void> {
  const section = await openProviders(page);
  await section.getByRole('button', { name: 'Add provider' }).click();
  await section.getByRole('button', { name: type, exact: true }).click();
  const form = page.getByRole('region', { name: 'New provider' });
  await fillProviderFields(form, fields);
  await form.getByRole('button', { name: 'Save' }).click();
}

/**
 * Saves an OpenAI-compatible provider straight through the worker's protocol, for a test whose subject is not the
 * settings form; throws when the worker refuses it.
 */
export async function saveProvider(
  page: Page,
  provider: { id: string; name: string; baseUrl: string },
  secrets: Record<string, string> = {},
): Promise<void> {
  await page.evaluate(
    async ({ provider: { id, name, baseUrl }, secrets }) => {
      const config = { id, kind: 'openai-compatible', name, settings: { baseUrl }, manualModels: [], createdAt: Date.now() };
      const answer = await chrome.runtime.sendMessage({ channel: 'parley', name: 'providers.save', payload: { config, secrets } });
      if (!answer?.ok) throw new Error(JSON.stringify(answer));
    },
    { provider, secrets },
  );
}

/** Opens a saved provider's form from its card. */
export async function openProvider(page: Page, name: string): Promise<Locator> {
  const section = await openProviders(page);
  await section
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) })
    .getByRole('button', { name, exact: true })
    .click();
  return page.getByRole('form', { name, exact: true });
}

/** The card of a saved provider in Settings → Providers. */
export function providerCard(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: 'Providers' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** The inline error (or hint) a form control is described by. */
export function describedBy(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** The text of the toasts on screen. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.ui-toast-message').allInnerTexts();
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

/** The names on the provider cards, in order; none when the list is empty. */
export async function providerNames(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Providers' });
  return (await list.count()) ? list.locator('.provider-card-name').allInnerTexts() : [];
}

import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addProvider, backToChat, conversation, lastAnswer, listedModels, sendMessage, waitForAnswer } from './support/panel';
import { seedConversation } from './support/idb';
import { withOpenAIPanel } from './support/suite';
import type { OpenAIMock } from '../mocks/openai-server';
import type { ExtensionHarness } from './support/extension';

const KEY = 'sk-test-messages-123';

/** A reply tall enough to scroll the panel several times. */
const TALL = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const tooltip = (page: Page) => page.locator('.ui-tooltip:popover-open');
const box = (locator: Locator) => locator.boundingBox().then((b) => b!);

/** Init script: idle callbacks wait until the test lets them run; the panel reads a conversation's earlier messages in one. */
function holdIdleCallbacks(): void {
  const held: IdleRequestCallback[] = [];
  window.requestIdleCallback = (callback) => held.push(callback);
  window.cancelIdleCallback = () => undefined;
  (window as unknown as { releaseIdle: () => void }).releaseIdle = () => {
    for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
  };
}

/** How far the log is from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  conversation(page).evaluate((log) => Math.round(log.scrollHeight - log.scrollTop - log.clientHeight));

describe('messages', () => {
  let openai: OpenAIMock;
  let page: Page;
  let harness: ExtensionHarness;

  withOpenAIPanel({ apiKey: KEY, models: ['gpt-test'] }, (suite) => ({ openai, page, harness } = suite));

  afterEach(() => openai.clear());

  it('configures a provider and tells the user’s turns from the assistant’s, each in its own direction', async () => {
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': KEY });
    await backToChat(page);
    await expect.poll(() => listedModels(page)).toEqual(['gpt-test']);
    await sendMessage(page, 'Hi');
    await waitForAnswer(page, 'Echo: Hi');

    const log = await box(conversation(page));
    const mine = conversation(page).getByRole('article', { name: 'You' }).last();
    const theirs = lastAnswer(page);
    const [user, answer] = [await box(mine), await box(theirs)];
    // The user's bubble sits at the inline end (the right in English) and is narrower than the log; the answer is full width.
    expect(log.x + log.width - (user.x + user.width)).toBeLessThan(40);
    expect(user.width).toBeLessThan(log.width * 0.9);
    expect(answer.width).toBeGreaterThan(log.width * 0.85);
    expect(await mine.locator('.message-text[dir="auto"]').innerText()).toBe('Hi');
    expect(await theirs.locator('.message-body[dir="auto"]').innerText()).toBe('Echo: Hi');
  });

  it('offers the actions as named icon buttons whose tooltip shows on hover and on keyboard focus', async () => {
    const copy = lastAnswer(page).getByRole('button', { name: 'Copy' });
    await copy.hover();
    await expect.poll(() => tooltip(page).innerText()).toBe('Copy');
    expect((await copy.innerText()).trim()).toBe('');
    expect((await box(copy)).width).toBeGreaterThanOrEqual(24);

    // From the log, Tab reaches the first message's actions, which show while focused.
    await page.mouse.move(0, 0);
    await conversation(page).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Copy');
    await expect.poll(() => tooltip(page).innerText()).toBe('Copy');
    const row = conversation(page).getByRole('article', { name: 'You' }).first().locator('.message-actions');
    await expect.poll(() => row.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    for (const name of ['Edit', 'Delete', 'Details']) {
      expect(await conversation(page).getByRole('article', { name: 'You' }).first().getByRole('button', { name }).count()).toBe(1);
    }
    for (const name of ['Read aloud', 'Regenerate', 'Delete', 'Details']) {
      expect(await lastAnswer(page).getByRole('button', { name }).count()).toBe(1);
    }
  });

  it('moves focus into the edit box on Edit; Escape cancels and returns focus to Edit', async () => {
    const mine = conversation(page).getByRole('article', { name: 'You' }).last();
    await mine.getByRole('button', { name: 'Edit' }).click();
    expect(await focusedName(page)).toBe('Edit message');
    await page.keyboard.type(' changed');
    await page.keyboard.press('Escape');
    expect(await mine.getByRole('textbox', { name: 'Edit message' }).count()).toBe(0);
    expect(await focusedName(page)).toBe('Edit');
    expect(await mine.innerText()).toContain('Hi');
    expect(await mine.innerText()).not.toContain('changed');
  });

  it('shows model, time and token counts on demand', async () => {
    const details = lastAnswer(page).getByRole('button', { name: 'Details' });
    expect(await lastAnswer(page).locator('.message-meta').count()).toBe(0);
    await details.click();
    expect(await details.getAttribute('aria-pressed')).toBe('true');
    const meta = await lastAnswer(page).locator('.message-meta').innerText();
    expect(meta).toContain('gpt-test');
    expect(meta).toMatch(/\d+ tokens in/);
    await details.click();
    expect(await lastAnswer(page).locator('.message-meta').count()).toBe(0);
  });

  it('deletes one message, and Undo brings it back', async () => {
    await lastAnswer(page).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => conversation(page).getByRole('article', { name: 'Assistant' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Message deleted' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await waitForAnswer(page, 'Echo: Hi');
    expect(await conversation(page).getByRole('article').count()).toBe(2);
  });

  it('shows a caret while an answer streams, and announces the answer once, when it is finished', async () => {
    expect(await conversation(page).getAttribute('aria-live')).toBe('off');
    openai.enqueue({ kind: 'hang-after', text: 'Partial answer' });
    await sendMessage(page, 'Stream please');
    await waitForAnswer(page, 'Partial answer');
    expect(await lastAnswer(page).getAttribute('aria-busy')).toBe('true');
    const caret = () =>
      lastAnswer(page)
        .locator('.md > :last-child')
        .evaluate((el) => getComputedStyle(el, '::after').content);
    expect(await caret()).toBe('""');
    expect(await page.getByRole('status').filter({ hasText: 'Answer finished' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => lastAnswer(page).getAttribute('aria-busy')).toBe('false');
    expect(await caret()).toBe('none');

    openai.enqueue({ kind: 'text', text: 'All **done** now.', chunkSize: 2, delayMs: 10 });
    await sendMessage(page, 'Finish');
    await waitForAnswer(page, 'All done now.');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Answer finished: All done now.' }).count()).toBe(1);
  });

  it('never shows raw TeX while a formula streams', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { sawTex: boolean };
      w.sawTex = false;
      new MutationObserver(() => {
        const answers = document.querySelectorAll('[role=log] article .md');
        const shown = answers[answers.length - 1]?.cloneNode(true) as HTMLElement | undefined;
        // KaTeX keeps the source in its MathML annotation for assistive technology; that is not shown.
        shown?.querySelectorAll('.katex-mathml').forEach((node) => node.remove());
        if (shown?.textContent?.includes('\\frac')) w.sawTex = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    openai.enqueue({ kind: 'text', text: 'Area: $$\\frac{a}{b} + c$$ as shown.', chunkSize: 2, delayMs: 25 });
    await sendMessage(page, 'Formula');
    await waitForAnswer(page, /as shown\./);
    await expect.poll(() => lastAnswer(page).locator('.katex').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { sawTex: boolean }).sawTex)).toBe(false);
  });

  it('links a refused key to Settings, and does not announce the stored notice again on reopening', async () => {
    openai.enqueue({ kind: 'status', status: 401 }, { times: 1 });
    await sendMessage(page, 'Will this work?');
    const alert = lastAnswer(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('The key was refused');
    // The failure offers Retry; Regenerate, which would do the same, is not beside it.
    expect(await lastAnswer(page).getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).count()).toBe(0);

    await lastAnswer(page).getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Settings', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await backToChat(page);

    await expect.poll(() => lastAnswer(page).innerText()).toContain('The key was refused');
    expect(await lastAnswer(page).getByRole('alert').count()).toBe(0);
    await page.reload();
    await expect.poll(() => lastAnswer(page).innerText()).toContain('The key was refused');
    expect(await page.getByRole('alert').count()).toBe(0);
    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await waitForAnswer(page, 'Echo: Will this work?');
  });

  it('opens at the latest message with the finished answer’s actions in view', async () => {
    openai.enqueue({ kind: 'text', text: TALL });
    await sendMessage(page, 'Tall please');
    await waitForAnswer(page, /Line 60 of a long answer/);
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    const log = await box(conversation(page));
    const actions = await box(lastAnswer(page).locator('.message-actions'));
    expect(actions.y + actions.height).toBeLessThanOrEqual(log.y + log.height);

    // Reopened from History, a conversation (here under 60 messages) opens at its latest message.
    await page.reload();
    await waitForAnswer(page, /Line 60 of a long answer/);
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
  });

  it('shows no tooltip for a control that the log moves under a resting pointer, as a streaming answer does', async () => {
    const copy = lastAnswer(page).getByRole('button', { name: 'Copy' });
    await copy.hover();
    await expect.poll(() => tooltip(page).innerText()).toBe('Copy');

    // The log moves and the pointer stays, as when an answer streams in: the button goes from under the pointer and
    // comes back (the browser reports both, as it would a pointer moving off and on), and others pass under it.
    // The wheel moves it as the reader would: a script's scroll would leave the log following its end, and any block
    // that settles its height meanwhile would take it straight back there.
    await page.mouse.wheel(0, -300);
    await expect.poll(() => copy.evaluate((el) => el.matches(':hover'))).toBe(false);
    expect(await tooltip(page).count()).toBe(0);
    await page.mouse.wheel(0, 10_000);
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    await expect.poll(() => copy.evaluate((el) => el.matches(':hover'))).toBe(true);
    expect(await tooltip(page).count()).toBe(0);

    // A pointer moved onto it is a hover again.
    await page.mouse.move(0, 0);
    await copy.hover();
    await expect.poll(() => tooltip(page).innerText()).toBe('Copy');
    await page.mouse.move(0, 0);
  });

  it('stays put when scrolled up while an answer streams, offers Scroll to latest, and jumps down on send', async () => {
    const slow = Array.from({ length: 40 }, (_, i) => `Streaming line ${i + 1}.`).join('\n\n');
    openai.enqueue({ kind: 'text', text: slow, chunkSize: 12, delayMs: 20 });
    await sendMessage(page, 'Slowly');
    await waitForAnswer(page, /Streaming line 2\./);
    await conversation(page).hover();
    await page.mouse.wheel(0, -600);
    const jump = page.getByRole('button', { name: 'Scroll to latest' });
    await expect.poll(() => jump.isVisible()).toBe(true);
    const top = await conversation(page).evaluate((log) => log.scrollTop);
    // textContent: blocks scrolled out of view are skipped by layout (content-visibility), and so by innerText.
    await expect.poll(() => lastAnswer(page).textContent(), { timeout: 15_000 }).toMatch(/Streaming line 40\./);
    expect(Math.abs((await conversation(page).evaluate((log) => log.scrollTop)) - top)).toBeLessThan(2);
    await jump.click();
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    expect(await jump.count()).toBe(0);

    await conversation(page).hover();
    await page.mouse.wheel(0, -800);
    await expect.poll(() => jump.isVisible()).toBe(true);
    await sendMessage(page, 'Back to the end');
    await waitForAnswer(page, 'Echo: Back to the end');
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
  });

  it('remembers where the conversation was read when going to Settings or History and back', async () => {
    await conversation(page).hover();
    await page.mouse.wheel(0, -900);
    await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(500);
    const top = await conversation(page).evaluate((log) => log.scrollTop);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await backToChat(page);
    await expect.poll(() => conversation(page).evaluate((log) => log.scrollTop)).toBe(top);

    await page.getByRole('button', { name: 'Conversations' }).click();
    await backToChat(page);
    await expect.poll(() => conversation(page).evaluate((log) => log.scrollTop)).toBe(top);
    expect(await page.getByRole('button', { name: 'Scroll to latest' }).isVisible()).toBe(true);
  });

  it('opens a long conversation at its latest message, and Home and End reach its first and last', async () => {
    await seedConversation(page, {
      id: 'long-conversation',
      count: 300,
      last: 'The latest of three hundred.',
      model: { providerId: 'none', model: 'gpt-test' },
    });
    await page.reload();
    await waitForAnswer(page, 'The latest of three hundred.');
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    await expect.poll(() => focusedName(page)).toBe('Message');
    // Only the messages near the view are in the page.
    expect(await conversation(page).getByRole('article').count()).toBeLessThan(40);

    await conversation(page).focus();
    await page.keyboard.press('Home');
    await expect
      .poll(() => conversation(page).getByRole('article', { name: 'You' }).first().textContent(), { timeout: 15_000 })
      .toContain('Question 0?');
    expect(await conversation(page).evaluate((log) => log.scrollTop)).toBe(0);
    expect(await page.getByRole('button', { name: 'Scroll to latest' }).isVisible()).toBe(true);

    await page.keyboard.press('End');
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
    await waitForAnswer(page, 'The latest of three hundred.');
    await expect.poll(() => page.getByRole('button', { name: 'Scroll to latest' }).count()).toBe(0);
  });

  it('goes to the first message on a Home pressed before the earlier messages have been read', async () => {
    await seedConversation(page, {
      id: 'home-early',
      count: 300,
      last: 'The latest, again.',
      model: { providerId: 'none', model: 'gpt-test' },
    });
    const early = await harness.context.newPage();
    await early.addInitScript(holdIdleCallbacks);
    await early.goto(harness.extensionUrl('sidepanel.html'));
    await waitForAnswer(early, 'The latest, again.');
    const firstQuestion = () => conversation(early).getByRole('article', { name: 'You' }).first().textContent();
    // Only the latest messages are in: the earlier ones wait for the idle moment the test holds back.
    expect(await firstQuestion()).not.toContain('Question 0?');

    await conversation(early).focus();
    await early.keyboard.press('Home');
    await early.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
    await expect.poll(firstQuestion, { timeout: 15_000 }).toContain('Question 0?');
    expect(await conversation(early).evaluate((log) => log.scrollTop)).toBe(0);
    expect(await early.getByRole('button', { name: 'Scroll to latest' }).isVisible()).toBe(true);
    await early.close();
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError, type ChatError } from '@/lib/core/errors';
import { createI18n } from '@/lib/i18n';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { ProviderForm } from '@/components/settings/ProviderForm';

const request = vi.hoisted(() => vi.fn<(name: string, payload: unknown) => Promise<unknown>>());
vi.mock('@/lib/messaging/client', () => ({ request }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

async function render(locale: string, node: React.ReactNode): Promise<I18n> {
  const i18n = await createI18n(locale);
  await act(async () => root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
  return i18n;
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const notice = async (locale: string, error: ChatError) => {
  await render(locale, <ErrorNotice error={error} />);
  return container.querySelector('[role="alert"]')!.textContent ?? '';
};

describe('how an answer ended, localised', () => {
  it('names a stalled provider, a cut-off answer and the tool round limit', async () => {
    expect(await notice('en-US', chatError('stalled', 'x'))).toContain('The provider stopped responding');
    expect(await notice('en-US', chatError('cut-off', 'x'))).toContain('The answer was cut off before the provider finished it');
    expect(await notice('en-US', chatError('tool-rounds', 'x', { rounds: 8 }))).toContain('The assistant stopped after 8 tool rounds');
    expect(await notice('de-DE', chatError('tool-rounds', 'x', { rounds: 8 }))).toContain('nach 8 Werkzeugrunden');
  });

  it('shows until when a rate-limited provider asked to wait', async () => {
    const retryAt = Date.UTC(2030, 0, 2, 15, 30);
    const text = await notice('en-US', chatError('rate-limited', 'x', { retryAt }));
    expect(text).toContain('The provider asks you to wait until');
    expect(text).toContain('2030');
  });
});

describe('ProviderForm', () => {
  it('shows a key refused for its characters at the key field', async () => {
    request.mockRejectedValue(new ChatFailure(chatError('invalid-credential', 'apiKey is not sendable', { field: 'apiKey' })));
    await render(
      'en-US',
      <ProviderForm
        provider={{ id: 'p1', kind: 'openai', name: 'OpenAI', settings: {}, manualModels: [], createdAt: 1 }}
        onSaved={() => undefined}
      />,
    );
    await act(async () => container.querySelector('form')!.requestSubmit());
    const label = [...container.querySelectorAll('label')].find((l) => l.textContent === 'API key')!;
    const input = document.getElementById(label.htmlFor)!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toContain('The field “API key” contains characters that cannot be sent');
  });
});

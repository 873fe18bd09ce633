// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError, type ChatError } from '../../../lib/core/errors';
import { ErrorNotice } from '../../../components/common/ErrorNotice';
import { ProviderForm } from '../../../components/settings/ProviderForm';
import { byText, mount, type } from '../support/dom';

const request = vi.hoisted(() => vi.fn<(name: string, payload: unknown) => Promise<unknown>>());
vi.mock('../../../lib/messaging/client', () => ({ request }));

const notice = async (locale: string, error: ChatError) => {
  const { container, unmount } = await mount(<ErrorNotice error={error} />, locale);
  const text = container.querySelector('[role="alert"]')!.textContent ?? '';
  unmount();
  return text;
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
    const { container } = await mount(
      <ProviderForm
        provider={{ id: 'p1', kind: 'openai', name: 'OpenAI', settings: {}, manualModels: [], createdAt: 1 }}
        onSaved={() => undefined}
      />,
    );
    const label = byText<HTMLLabelElement>('label', 'API key', container)!;
    const input = document.getElementById(label.htmlFor) as HTMLInputElement;
    // A key the form itself finds nothing wrong with; the background refuses it.
    await act(async () => type(input, 'sk-ключ'));
    await act(async () => container.querySelector('form')!.requestSubmit());
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described.join(' ')).toContain('The field “API key” contains characters that cannot be sent');
  });
});

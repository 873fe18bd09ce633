// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConfig, ProviderKind } from '../../../lib/core/providers';
import { mount } from '../support/dom';

const request = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../lib/messaging/client', () => ({ request }));

const { ProviderForm } = await import('../../../components/settings/ProviderForm');

beforeAll(() => {
  // jsdom has no CSS namespace; the form finds the field to focus with CSS.escape.
  vi.stubGlobal('CSS', { escape: (text: string) => text });
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => request.mockClear());

const unsaved = (kind: ProviderKind): ProviderConfig => ({ id: 'p1', kind, name: '', settings: {}, manualModels: [], createdAt: 0 });

/** Saves the empty form of a new `kind` provider and gives each field's message, by its label. */
async function saveEmpty(kind: ProviderKind, locale?: string): Promise<Record<string, string>> {
  const view = await mount(<ProviderForm provider={unsaved(kind)} onSaved={() => undefined} />, locale);
  await act(async () => view.container.querySelector<HTMLButtonElement>('button[type=submit]')!.click());
  const messages: Record<string, string> = {};
  for (const field of view.container.querySelectorAll('.ui-field-invalid')) {
    const input = field.querySelector('input, textarea, select')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    messages[field.querySelector('label')!.textContent!] = field.querySelector('.ui-field-error')!.textContent!;
  }
  return messages;
}

describe('a provider form saved with required settings empty', () => {
  it('says, for Bedrock, what the specification says: "Region is missing" and "Credential is missing"', async () => {
    const messages = await saveEmpty('bedrock');
    expect(messages).toEqual({
      Region: 'Region is missing: Enter the region your models run in, for example us-east-1.',
      'Access key ID': expect.stringMatching(/^Credential is missing: /),
      'Secret access key': expect.stringMatching(/^Credential is missing: /),
    });
    expect(request).not.toHaveBeenCalled();
  });

  it('says an address is missing, and what to enter, for a service that needs one', async () => {
    expect(await saveEmpty('openai-compatible')).toEqual({
      'Base URL': 'Address is missing: Enter the service’s full address, starting with https://.',
    });
    expect(await saveEmpty('azure-inference')).toMatchObject({
      Endpoint: 'Address is missing: Enter the service’s full address, starting with https://.',
    });
  });

  it('says it in the interface language', async () => {
    expect(Object.values(await saveEmpty('bedrock', 'de-DE'))[0]).toMatch(/^Region fehlt/);
  });

  it('marks the required fields as required, leaving the check to Parley rather than the browser', async () => {
    const view = await mount(<ProviderForm provider={unsaved('bedrock')} onSaved={() => undefined} />);
    const form = view.container.querySelector('form')!;
    expect(form.noValidate).toBe(true);
    const required = [...form.querySelectorAll('[aria-required=true]')].map((e) => e.getAttribute('data-field'));
    expect(required).toEqual(['region', 'accessKeyId', 'secretAccessKey']);
    expect(form.querySelector('[required]')).toBeNull();
  });
});

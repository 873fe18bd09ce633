// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from '../../../components/settings/LanguagePicker';
import { getPref } from '../../../lib/storage/prefs';
import { mount, type Mounted } from '../support/dom';

const requests = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/messaging/client', () => ({
  request: async (name: string) => void requests.push(name),
}));

let view: Mounted | undefined;
afterEach(() => view?.unmount());

describe('the language picker', () => {
  it('keeps the language and asks the worker, which may be asleep, to rebuild the menus in it', async () => {
    view = await mount(<LanguagePicker />, 'en-US');
    const select = view.container.querySelector('select')!;
    // The switch re-renders the panel in the new language once its strings have loaded: all of it inside act.
    await act(async () => {
      select.value = 'fr-FR';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await vi.waitFor(() => expect(requests).toEqual(['page.refreshMenus']));
    });
    expect(await getPref('locale')).toBe('fr-FR');
  });
});

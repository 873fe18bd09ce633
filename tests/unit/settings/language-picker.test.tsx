// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from '../../../components/settings/LanguagePicker';
import { getPref } from '../../../lib/storage/prefs';
import { mount, type Mounted } from '../support/dom';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

describe('the language picker', () => {
  it('switches the panel to the chosen language and keeps it', async () => {
    view = await mount(<LanguagePicker />, 'en-US');
    const select = view.container.querySelector('select')!;
    // The switch re-renders the panel in the new language once its strings have loaded: all of it inside act.
    await act(async () => {
      select.value = 'fr-FR';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await vi.waitFor(async () => expect(await getPref('locale')).toBe('fr-FR'));
    });
    expect(view.i18n.language).toBe('fr-FR');
    expect(view.container.querySelector('label')?.textContent).toBe(view.i18n.t('settings.language'));
    expect(view.i18n.t('settings.language')).not.toBe('Language');
  });
});

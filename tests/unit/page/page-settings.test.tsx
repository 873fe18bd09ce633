// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { PageSettings } from '../../../components/page/PageSettings';
import { byText, mount, settle } from '../support/dom';

/** A switch, found by the text of its label. */
const toggle = (text: string) => document.getElementById(byText<HTMLLabelElement>('label', text)!.htmlFor) as HTMLButtonElement;

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  await mount(<PageSettings />);
  await settle(() => !!byText('label', 'Quick actions send at once'));
});

describe('PageSettings', () => {
  it('shows the two switches with their defaults and saves a change at once', async () => {
    expect(toggle('Quick actions send at once').getAttribute('aria-checked')).toBe('true');
    const ask = toggle('“Ask Parley about…” sends at once instead of waiting for your question');
    expect(ask.getAttribute('role')).toBe('switch');
    expect(ask.getAttribute('aria-checked')).toBe('false');
    await act(async () => ask.click());
    await settle(() => ask.getAttribute('aria-checked') === 'true');
    await expect.poll(() => getPref('askSendsImmediately')).toBe(true);
  });
});

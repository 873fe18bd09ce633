import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { DEFAULT_PREFS, getPref, setPref } from '../../../lib/storage/prefs';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

describe('prefs', () => {
  it('returns defaults before anything is set', async () => {
    expect(await getPref('onboardingDone')).toBe(false);
    expect(await getPref('quickActionSendsImmediately')).toBe(true);
    expect(await getPref('askSendsImmediately')).toBe(false);
    expect(await getPref('customPrompts')).toEqual([]);
    expect(await getPref('selectedModel')).toBeUndefined();
    expect(await getPref('locale')).toBeUndefined();
    expect(await getPref('lastConversationId')).toBeUndefined();
  });

  it('stores values, including ones equal to falsy defaults, and survives a reopen', async () => {
    await setPref('selectedModel', { providerId: 'p', model: 'm' });
    await setPref('quickActionSendsImmediately', false);
    await setPref('customPrompts', [{ id: '1', title: 'Translate', prompt: 'Translate to French' }]);
    await closeDb();
    expect(await getPref('selectedModel')).toEqual({ providerId: 'p', model: 'm' });
    expect(await getPref('quickActionSendsImmediately')).toBe(false);
    expect(await getPref('customPrompts')).toEqual([{ id: '1', title: 'Translate', prompt: 'Translate to French' }]);
  });

  it('falls back to the default again when set to undefined', async () => {
    await setPref('locale', 'de-DE');
    expect(await getPref('locale')).toBe('de-DE');
    await setPref('locale', undefined);
    expect(await getPref('locale')).toBeUndefined();
  });

  it('hands out copies of defaults, so callers cannot change them', async () => {
    const prompts = await getPref('customPrompts');
    prompts.push({ id: 'x', title: 'x', prompt: 'x' });
    expect(DEFAULT_PREFS.customPrompts).toEqual([]);
    expect(await getPref('customPrompts')).toEqual([]);
  });
});

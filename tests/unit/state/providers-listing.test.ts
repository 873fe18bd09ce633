import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderModels, ProviderView } from '../../../lib/core/providers';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { onStorageChange } from '../../../lib/storage/change-feed';
import { getPref, setPref } from '../../../lib/storage/prefs';

// The background answers only when a test lets it: a worker still starting.
const worker = vi.hoisted(() => ({ answer: undefined as undefined | ((name: string) => unknown), waiting: [] as (() => void)[] }));
vi.mock('../../../lib/messaging/client', () => ({
  request: (name: string) =>
    new Promise((resolve) => {
      worker.waiting.push(() => resolve(worker.answer!(name)));
    }),
}));

const { useProvidersStore } = await import('../../../components/state/providers-store');

const view = (id: string): ProviderView => ({ id, kind: 'openai', name: id, settings: {}, manualModels: [], createdAt: 1, secretsSet: {} });
const models = (providerId: string, ids: string[]): ProviderModels => ({ providerId, models: ids.map((id) => ({ id })) });

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  worker.waiting.length = 0;
  useProvidersStore.setState({ loaded: false, providers: [], models: [], groups: [], selected: undefined, error: undefined });
});

describe('the model picker while the worker starts', () => {
  it('shows the last listing at once, then the fresh one, and keeps the fresh one for next time', async () => {
    await setPref('selectedModel', { providerId: 'p', model: 'old-model' });
    const refreshing = useProvidersStore.getState().refresh();
    useProvidersStore
      .getState()
      .showLast({ providers: [view('p')], models: [models('p', ['old-model'])] }, { providerId: 'p', model: 'old-model' });
    expect(useProvidersStore.getState().selected).toEqual({ providerId: 'p', model: 'old-model' });
    expect(useProvidersStore.getState().loaded).toBe(true);

    worker.answer = (name) => (name === 'providers.list' ? [view('p')] : [models('p', ['new-model'])]);
    await vi.waitFor(() => expect(worker.waiting).toHaveLength(2));
    for (const reply of worker.waiting) reply();
    await refreshing;
    expect(useProvidersStore.getState().groups[0]!.models.map((m) => m.id)).toEqual(['new-model']);
    expect(useProvidersStore.getState().selected).toEqual({ providerId: 'p', model: 'new-model' });
    await vi.waitFor(async () => expect((await getPref('modelListing'))?.models[0]!.models[0]!.id).toBe('new-model'));
  });

  it('never puts the last listing back over the one the worker gave', async () => {
    worker.answer = (name) => (name === 'providers.list' ? [view('p')] : [models('p', ['new-model'])]);
    const refreshing = useProvidersStore.getState().refresh();
    await vi.waitFor(() => expect(worker.waiting).toHaveLength(2));
    for (const reply of worker.waiting) reply();
    await refreshing;
    useProvidersStore.getState().showLast({ providers: [view('p')], models: [models('p', ['old-model'])] }, undefined);
    expect(useProvidersStore.getState().groups[0]!.models.map((m) => m.id)).toEqual(['new-model']);
  });

  it('waits for the worker when there is no listing yet', async () => {
    void useProvidersStore.getState().refresh();
    await vi.waitFor(() => expect(worker.waiting).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useProvidersStore.getState().loaded).toBe(false);
  });

  it('writes the listing again only when it changed, since every write tells every storage listener', async () => {
    const written: string[] = [];
    const stop = onStorageChange((change) => void (change.type === 'prefs' && written.push(change.id)));
    /** Refreshes against a worker that lists `ids`, and resolves once every storage notice it sent has arrived. */
    const refreshListing = async (ids: string[]) => {
      worker.answer = (name) => (name === 'providers.list' ? [view('p')] : [models('p', ids)]);
      const refreshing = useProvidersStore.getState().refresh();
      await vi.waitFor(() => expect(worker.waiting.length).toBeGreaterThanOrEqual(2));
      for (const reply of worker.waiting.splice(0)) reply();
      await refreshing;
      // Notices arrive in the order they were sent: once this one is heard, any the refresh sent has been too.
      await setPref('onboardingDone', true);
      await vi.waitFor(() => expect(written.at(-1)).toBe('onboardingDone'));
    };
    try {
      await refreshListing(['a-model']);
      await refreshListing(['a-model']);
      await refreshListing(['a-model', 'another-model']);
    } finally {
      stop();
    }
    expect(written.filter((id) => id === 'modelListing')).toHaveLength(2);
    expect((await getPref('modelListing'))?.models[0]!.models.map((m) => m.id)).toEqual(['a-model', 'another-model']);
  });
});

import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderModels, ProviderView } from '../../../lib/core/providers';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
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
});

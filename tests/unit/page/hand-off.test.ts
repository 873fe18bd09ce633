import { describe, expect, it } from 'vitest';
import { HAND_OFF_MAX_AGE_MS, HandOffBox, type HandOff, type SessionArea } from '../../../lib/page/hand-off';

function memoryArea(): SessionArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    remove: async (key) => void data.delete(key),
  };
}

const handOff = (windowId: number, text: string, createdAt = 1_000): HandOff => ({
  id: text,
  windowId,
  createdAt,
  intent: { kind: 'ask' },
  selection: { text },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('HandOffBox', () => {
  it('keeps a hand-off in session storage until the panel of its window takes it, once', async () => {
    const area = memoryArea();
    const box = new HandOffBox(area, () => 2_000);
    await box.deliver(7, Promise.resolve(handOff(7, 'hello')));
    expect(area.data.size).toBe(1);
    expect(await box.take(8)).toBeUndefined();
    expect((await box.take(7))?.selection?.text).toBe('hello');
    expect(await box.take(7)).toBeUndefined();
    expect(area.data.size).toBe(0);
  });

  it('survives a worker restart: a new box over the same storage finds it', async () => {
    const area = memoryArea();
    await new HandOffBox(area, () => 2_000).deliver(3, Promise.resolve(handOff(3, 'kept')));
    expect((await new HandOffBox(area, () => 2_000).take(3))?.id).toBe('kept');
  });

  it('makes a panel that asks before the page was read wait for the delivery', async () => {
    const box = new HandOffBox(memoryArea(), () => 2_000);
    const reading = deferred<HandOff | undefined>();
    const delivered = box.deliver(1, reading.promise);
    const taken = box.take(1);
    reading.resolve(handOff(1, 'late'));
    await delivered;
    expect((await taken)?.id).toBe('late');
  });

  it('gives the hand-off to exactly one of two concurrent takers (ready request and broadcast)', async () => {
    const box = new HandOffBox(memoryArea(), () => 2_000);
    await box.deliver(1, Promise.resolve(handOff(1, 'once')));
    const results = await Promise.all([box.take(1), box.take(1), box.take(1)]);
    expect(results.filter(Boolean).map((h) => h!.id)).toEqual(['once']);
  });

  it('lets the newest delivery for a window replace an older one', async () => {
    const box = new HandOffBox(memoryArea(), () => 2_000);
    await box.deliver(1, Promise.resolve(handOff(1, 'first')));
    await box.deliver(1, Promise.resolve(handOff(1, 'second')));
    expect((await box.take(1))?.id).toBe('second');
  });

  it('drops a hand-off nobody collected in time', async () => {
    const area = memoryArea();
    const box = new HandOffBox(area, () => 1_000 + HAND_OFF_MAX_AGE_MS + 1);
    await box.deliver(1, Promise.resolve(handOff(1, 'stale', 1_000)));
    expect(await box.take(1)).toBeUndefined();
    expect(area.data.size).toBe(0);
  });

  it('stores nothing when reading produced no hand-off, and a failed read does not block takers', async () => {
    const area = memoryArea();
    const box = new HandOffBox(area, () => 2_000);
    await box.deliver(1, Promise.resolve(undefined));
    expect(area.data.size).toBe(0);
    await expect(box.deliver(2, Promise.reject(new Error('tab closed')))).rejects.toThrow('tab closed');
    expect(await box.take(2)).toBeUndefined();
  });
});

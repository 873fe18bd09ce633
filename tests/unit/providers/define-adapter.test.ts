import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import { credentialedBase, defineAdapter, type WireEvent } from '../../../lib/providers/define-adapter';
import { errorOf, finishOf, providerContext, runChat } from './contract';

const hi: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
const ctx = (signal?: AbortSignal) => providerContext('ollama', {}, {}, () => Promise.reject(new Error('no network')), signal);

function adapterOf(events: WireEvent[], thenThrow?: unknown) {
  return defineAdapter({
    kind: 'ollama',
    maxTools: 128,
    async *stream() {
      yield* events;
      if (thenThrow !== undefined) throw thenThrow;
    },
    models: () => Promise.reject(new ChatFailure(chatError('forbidden', 'no'))),
  });
}

describe('adapter shell', () => {
  it('assembles tool call fragments by index, in order, and finishes with tool-calls after a plain stop', async () => {
    const events = await runChat(
      adapterOf([
        { type: 'tool-fragment', index: 1, id: 'b', name: 'g', arguments: '{"y":' },
        { type: 'tool-fragment', index: 0, name: 'f' },
        { type: 'tool-fragment', index: 1, arguments: '2}' },
        { type: 'finish', reason: 'stop' },
      ]),
      ctx(),
      hi,
    );
    expect(events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []))).toEqual([
      { id: 'call_0', name: 'f', arguments: '{}' },
      { id: 'b', name: 'g', arguments: '{"y":2}' },
    ]);
    expect(finishOf(events)).toBe('tool-calls');
  });

  it('keeps length when the model was cut short while calling tools', async () => {
    const events = await runChat(
      adapterOf([
        { type: 'tool-call', call: { id: 'a', name: 'f', arguments: '{' } },
        { type: 'finish', reason: 'length' },
      ]),
      ctx(),
      hi,
    );
    expect(finishOf(events)).toBe('length');
  });

  it('never throws: a failure after text is one error event, last', async () => {
    const events = await runChat(adapterOf([{ type: 'text-delta', text: 'so far' }], new SyntaxError('bad')), ctx(), hi);
    expect(errorOf(events)).toMatchObject({ code: 'malformed-stream', provider: 'test-ollama' });
  });

  it('prefers a policy refusal deep in the cause chain over the signal and the SDK error', async () => {
    const controller = new AbortController();
    const refusal = new ChatFailure(chatError('insecure-url', 'http'));
    const wrapped = new Error('connection failed', { cause: new Error('fetch failed', { cause: refusal }) });
    const adapter = defineAdapter({
      kind: 'ollama',
      maxTools: 128,
      // eslint-disable-next-line require-yield
      async *stream() {
        controller.abort();
        throw wrapped;
      },
      models: () => Promise.resolve([]),
    });
    expect(errorOf(await runChat(adapter, ctx(controller.signal), hi))?.code).toBe('insecure-url');
  });

  it('lists models sorted by id, whatever order the wire gave them in', async () => {
    const adapter = defineAdapter({
      kind: 'ollama',
      maxTools: 128,
      async *stream() {},
      models: () => Promise.resolve([{ id: 'b' }, { id: 'c', label: 'C' }, { id: 'a' }]),
    });
    expect(await adapter.listModels(ctx())).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c', label: 'C' }]);
  });

  it('reaches a keyed service at the typed base URL, else its own, trimmed, and never over plain http elsewhere', () => {
    const keyed = (baseUrl?: string) => providerContext('anthropic', baseUrl === undefined ? {} : { baseUrl }, { apiKey: 'k' }, fetch);
    expect(credentialedBase(keyed(), 'https://api.example.com/')).toBe('https://api.example.com');
    expect(credentialedBase(keyed(' http://127.0.0.1:9/v1/ '), 'https://api.example.com')).toBe('http://127.0.0.1:9/v1');
    expect(() => credentialedBase(keyed('http://example.com'), 'https://api.example.com')).toThrow(ChatFailure);
  });

  it('wraps a model-list failure in a ChatFailure naming the provider', async () => {
    await expect(adapterOf([]).listModels(ctx())).rejects.toMatchObject({ error: { code: 'forbidden', provider: 'test-ollama' } });
  });

  it('yields nothing final for a reply cut off before its end marker', async () => {
    const events = [];
    for await (const e of adapterOf([{ type: 'text-delta', text: 'half' }]).chat(ctx(), hi)) events.push(e);
    expect(events).toEqual([{ type: 'text-delta', text: 'half' }]);
  });
});

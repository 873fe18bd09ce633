import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../../lib/core/chat';
import { chatError } from '../../../lib/core/errors';
import type { ProviderAdapter, ProviderContext } from '../../../lib/providers/types';
import { createOpenAICompatibleAdapter } from '../../../lib/providers/openai';
import { guardStream } from '../../../lib/chat/stream-guard';
import type { ToolRuntime } from '../../../lib/core/tool-runtime';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';
import { startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { until, installFakeClock } from '../support/fake-clock';
import { registryFor } from '../support/stream-turn';

const fakeContext: Omit<ProviderContext, 'signal'> = {
  config: { id: 'p1', kind: 'openai', name: 'x', settings: {}, manualModels: [], createdAt: 0 },
  settings: {},
  secrets: {},
  fetch,
};

function scripted(script: (signal: AbortSignal) => AsyncIterable<ChatEvent>): ProviderAdapter {
  return { kind: 'openai', maxTools: 128, listModels: async () => [], chat: (ctx) => script(ctx.signal) };
}

async function collect(stream: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

describe('guardStream', () => {
  it('gives up a silent stream: aborts the provider request and ends with stalled', async () => {
    let seen: AbortSignal | undefined;
    const events = await collect(
      guardStream(
        async function* (signal) {
          seen = signal;
          yield { type: 'text-delta', text: 'Part' };
          await new Promise(() => undefined);
        },
        { signal: new AbortController().signal, idleMs: 20 },
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['text-delta', 'error']);
    expect(events[1]).toMatchObject({ type: 'error', error: { code: 'stalled', retryable: true } });
    expect(seen?.aborted).toBe(true);
  });

  it('lets a slow but moving stream run past the idle time in total', async () => {
    const events = await collect(
      guardStream(
        async function* () {
          for (let i = 0; i < 5; i++) {
            await new Promise((r) => setTimeout(r, 15));
            yield { type: 'text-delta', text: `${i}` };
          }
          yield { type: 'finish', reason: 'stop' };
        },
        { signal: new AbortController().signal, idleMs: 50 },
      ),
    );
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('ends a stream that stopped without finish with cut-off', async () => {
    const events = await collect(
      guardStream(
        async function* () {
          yield { type: 'text-delta', text: 'Half' };
        },
        { signal: new AbortController().signal, idleMs: 1000 },
      ),
    );
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'cut-off' } });
  });

  it('adds nothing when the caller stopped the stream itself', async () => {
    const stop = new AbortController();
    const events = await collect(
      guardStream(
        async function* (signal) {
          yield { type: 'text-delta', text: 'Half' };
          stop.abort();
          expect(signal.aborted).toBe(true);
        },
        { signal: stop.signal, idleMs: 1000 },
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['text-delta']);
  });
});

describe('StreamRegistry endings', () => {
  it('keeps the partial answer of a silent provider as incomplete, with stalled', async () => {
    const t = registryFor(
      scripted(async function* (signal) {
        yield { type: 'text-delta', text: 'Some' };
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        yield { type: 'error', error: chatError('aborted', 'stopped') };
      }),
      fakeContext,
      { idleTimeoutMs: async () => 20 },
    );
    await t.registry.start('c1', 'a1');
    expect(t.stored.get('a1')).toMatchObject({ content: 'Some', status: 'incomplete', error: { code: 'stalled' } });
  });

  it('stores an answer whose stream ended without finish as incomplete, with cut-off', async () => {
    const t = registryFor(
      scripted(async function* () {
        yield { type: 'text-delta', text: 'The first half' };
      }),
      fakeContext,
    );
    await t.registry.start('c1', 'a1');
    expect(t.stored.get('a1')).toMatchObject({ content: 'The first half', status: 'incomplete', error: { code: 'cut-off' } });
  });

  it('stores an answer cut off by the tool round limit as incomplete, with tool-rounds', async () => {
    const tools: ToolRuntime = {
      definitions: async () => ({ tools: [{ name: 'clock', description: 'time', parameters: { type: 'object' } }] }),
      execute: async () => ({ result: 'noon' }),
    };
    let calls = 0;
    const t = registryFor(
      scripted(async function* () {
        calls++;
        yield { type: 'text-delta', text: `${calls} ` };
        yield { type: 'tool-call', call: { id: `call${calls}`, name: 'clock', arguments: '{}' } };
        yield { type: 'finish', reason: 'tool-calls' };
      }),
      fakeContext,
      { tools },
    );
    await t.registry.start('c1', 'a1');
    expect(calls).toBe(8);
    expect(t.stored.get('a1')).toMatchObject({ status: 'incomplete', error: { code: 'tool-rounds', rounds: 8, retryable: false } });
  });

  describe('against the OpenAI mock', () => {
    let mock: OpenAIMock;
    beforeAll(async () => {
      mock = await startOpenAIMock();
    });
    afterAll(() => mock.close());
    afterEach(() => vi.useRealTimers());

    const context = (): Omit<ProviderContext, 'signal'> => ({
      config: { id: 'p1', kind: 'openai-compatible', name: 'x', settings: {}, manualModels: [], createdAt: 0 },
      settings: { baseUrl: mock.url },
      secrets: {},
      fetch: credentialedFetch(),
    });

    it('gives up a reply that sends headers and then nothing, and closes the request', async () => {
      installFakeClock();
      mock.enqueue({ kind: 'hang-after', text: 'partial answer' });
      const before = mock.aborted;
      const adapter = createOpenAICompatibleAdapter('openai-compatible');
      let received = '';
      const watched: ProviderAdapter = {
        ...adapter,
        async *chat(ctx, request) {
          for await (const event of adapter.chat(ctx, request)) {
            if (event.type === 'text-delta') received += event.text;
            yield event;
          }
        },
      };
      const t = registryFor(watched, context(), { idleTimeoutMs: async () => 1500 });
      const started = t.registry.start('c1', 'a1');
      await until(() => received === 'partial answer');
      await vi.advanceTimersByTimeAsync(1500);
      await started;
      expect(t.stored.get('a1')).toMatchObject({ content: 'partial answer', status: 'incomplete', error: { code: 'stalled' } });
      await vi.waitFor(() => expect(mock.aborted).toBe(before + 1));
    });

    it('stores a reply without finish_reason or [DONE] as incomplete, with cut-off', async () => {
      mock.enqueue({ kind: 'cut-off', text: 'half an answer' });
      const t = registryFor(createOpenAICompatibleAdapter('openai-compatible'), context());
      await t.registry.start('c1', 'a1');
      expect(t.stored.get('a1')).toMatchObject({ content: 'half an answer', status: 'incomplete', error: { code: 'cut-off' } });
    });
  });
});

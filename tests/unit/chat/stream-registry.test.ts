import { describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatRequest } from '../../../lib/core/chat';
import type { Conversation, StoredMessage } from '../../../lib/core/conversation';
import { chatError } from '../../../lib/core/errors';
import type { BackgroundToPanel } from '../../../lib/messaging/protocol';
import type { ProviderAdapter } from '../../../lib/providers/types';
import { StreamRegistry, type StreamDeps } from '../../../lib/chat/stream-registry';
import type { ToolRuntime } from '../../../lib/core/tool-runtime';
import { asToolData } from '../../../lib/chat/tool-data';

const conversation: Conversation = {
  id: 'c1',
  title: 't',
  createdAt: 1,
  updatedAt: 1,
  systemPrompt: 'Be brief.',
  params: { temperature: 0.5 },
  model: { providerId: 'p1', model: 'm1' },
};
const user: StoredMessage = { id: 'u1', conversationId: 'c1', role: 'user', content: 'Hi', createdAt: 1, status: 'complete' };
const answer: StoredMessage = { id: 'a1', conversationId: 'c1', role: 'assistant', content: '', createdAt: 2, status: 'streaming' };

type Script = (request: ChatRequest, signal: AbortSignal) => AsyncIterable<ChatEvent>;

function setup(script: Script, extra: Partial<StreamDeps> = {}) {
  const stored = new Map<string, Partial<StoredMessage>>();
  const requests: ChatRequest[] = [];
  const released = vi.fn();
  const adapter: ProviderAdapter = {
    kind: 'openai',
    maxTools: 128,
    listModels: async () => [],
    chat: (ctx, request) => {
      requests.push(structuredClone(request));
      return script(request, ctx.signal);
    },
  };
  const deps: StreamDeps = {
    loadTurn: async () => ({ conversation, history: [user], answer }),
    resolve: async () => ({
      adapter,
      context: {
        config: { id: 'p1', kind: 'openai', name: 'x', settings: {}, manualModels: [], createdAt: 0 },
        settings: {},
        secrets: {},
        fetch,
      },
    }),
    patchMessage: async (id, patch) => void stored.set(id, { ...stored.get(id), ...patch }),
    keepAlive: () => released,
    checkpointMs: 0,
    ...extra,
  };
  const registry = new StreamRegistry(deps);
  const seen: BackgroundToPanel[] = [];
  return { registry, stored, requests, released, seen, watcher: { send: (m: BackgroundToPanel) => seen.push(m) } };
}

async function* events(...list: ChatEvent[]) {
  for (const e of list) {
    await Promise.resolve();
    yield e;
  }
}

describe('StreamRegistry', () => {
  it('streams deltas to the watcher, checkpoints and completes', async () => {
    const t = setup(() =>
      events(
        { type: 'text-delta', text: 'Hel' },
        { type: 'text-delta', text: 'lo' },
        { type: 'usage', usage: { outputTokens: 2 } },
        { type: 'finish', reason: 'stop' },
      ),
    );
    await t.registry.start('c1', 'a1', t.watcher);
    expect(t.seen.filter((m) => m.type === 'delta').map((m) => (m as { text: string }).text)).toEqual(['Hel', 'lo']);
    expect(t.seen.at(-1)).toMatchObject({ type: 'ended', status: 'complete' });
    expect(t.stored.get('a1')).toMatchObject({ content: 'Hello', status: 'complete', usage: { outputTokens: 2 } });
    expect(t.released).toHaveBeenCalledOnce();
    expect(t.registry.isActive('c1')).toBe(false);
    expect(t.requests[0]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(t.requests[0]!.params).toEqual({ temperature: 0.5 });
  });

  it("says the text is done as soon as the model finishes, before the answer's final store", async () => {
    let storedWhenDone: Partial<StoredMessage> | undefined;
    const t = setup(() => events({ type: 'text-delta', text: 'Done.' }, { type: 'finish', reason: 'stop' }));
    const watcher = {
      send: (m: BackgroundToPanel) => {
        if (m.type === 'text-done') storedWhenDone = { ...t.stored.get('a1') };
        t.watcher.send(m);
      },
    };
    await t.registry.start('c1', 'a1', watcher);
    expect(t.seen.map((m) => m.type)).toEqual(['delta', 'text-done', 'ended']);
    expect(storedWhenDone?.status).toBe('streaming');
    expect(t.stored.get('a1')).toMatchObject({ content: 'Done.', status: 'complete' });
  });

  it('keeps the partial answer and marks it incomplete when the provider fails mid-stream', async () => {
    const t = setup(() => events({ type: 'text-delta', text: 'Part' }, { type: 'error', error: chatError('network', 'dropped') }));
    await t.registry.start('c1', 'a1', t.watcher);
    expect(t.stored.get('a1')).toMatchObject({
      content: 'Part',
      status: 'incomplete',
      error: { code: 'connection-dropped', retryable: true },
    });
    expect(t.seen.at(-1)).toMatchObject({ type: 'ended', error: { code: 'connection-dropped' } });
  });

  it('keeps a network failure before any text as the provider being unreachable', async () => {
    const t = setup(() => events({ type: 'error', error: chatError('network', 'refused') }));
    await t.registry.start('c1', 'a1');
    expect(t.stored.get('a1')).toMatchObject({ status: 'error', error: { code: 'network' } });
  });

  it('refuses a second start for a conversation that is answering, without touching the running answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup(async function* (_req, signal) {
      yield { type: 'text-delta', text: 'first ' };
      await gate;
      if (signal.aborted) yield { type: 'error', error: chatError('aborted', 'aborted') };
      else {
        yield { type: 'text-delta', text: 'whole' };
        yield { type: 'finish', reason: 'stop' };
      }
    });
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.seen).toHaveLength(1));
    const stale: BackgroundToPanel[] = [];
    await t.registry.start('c1', 'a2', { send: (m) => stale.push(m) });
    expect(stale).toEqual([{ type: 'busy', conversationId: 'c1', messageId: 'a2' }]);
    release();
    await done;
    expect(t.stored.get('a1')).toMatchObject({ content: 'first whole', status: 'complete' });
    expect(t.stored.has('a2')).toBe(false);
    expect(t.requests).toHaveLength(1);
  });

  it('says whether stop found an answer to stop', async () => {
    const t = setup(async function* (_req, signal) {
      yield { type: 'text-delta', text: 'Some' };
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
    });
    expect(t.registry.stop('c1')).toBe(false);
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.seen).toHaveLength(1));
    expect(t.registry.stop('c1')).toBe(true);
    await done;
  });

  it('flushes text that arrived since the last checkpoint on demand', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let clock = 1_000_000;
    const t = setup(
      async function* () {
        yield { type: 'text-delta', text: 'one ' };
        yield { type: 'text-delta', text: 'two ' };
        yield { type: 'text-delta', text: 'three' };
        await gate;
        yield { type: 'finish', reason: 'stop' };
      },
      { checkpointMs: 60_000, now: () => clock },
    );
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.seen).toHaveLength(3));
    // Within one checkpoint interval only the first delta was written.
    await vi.waitFor(() => expect(t.stored.get('a1')?.content).toBe('one '));
    await t.registry.flush();
    expect(t.stored.get('a1')).toMatchObject({ content: 'one two three', status: 'streaming' });
    clock += 1;
    release();
    await done;
    expect(t.stored.get('a1')).toMatchObject({ content: 'one two three', status: 'complete' });
  });

  it('stores text that arrived just before a pause one interval later, without waiting for the next delta', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup(
      async function* () {
        yield { type: 'text-delta', text: 'one ' };
        yield { type: 'text-delta', text: 'two' };
        // The provider stalls here: a worker stopped now keeps what the panel was shown.
        await gate;
        yield { type: 'finish', reason: 'stop' };
      },
      { checkpointMs: 20 },
    );
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.stored.get('a1')).toMatchObject({ content: 'one two', status: 'streaming' }));
    release();
    await done;
  });

  it('flushes nothing when no answer is running', async () => {
    const t = setup(() => events());
    await t.registry.flush();
    expect(t.stored.size).toBe(0);
  });

  it('marks an answer with no text as an error', async () => {
    const t = setup(() => events({ type: 'error', error: chatError('unauthorized', 'bad key') }));
    await t.registry.start('c1', 'a1');
    expect(t.stored.get('a1')).toMatchObject({ content: '', status: 'error', error: { code: 'unauthorized' } });
  });

  it('stop aborts the provider request and keeps what arrived', async () => {
    const t = setup(async function* (_req, signal) {
      yield { type: 'text-delta', text: 'Some' };
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      yield { type: 'error', error: chatError('aborted', 'aborted') };
    });
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.seen.some((m) => m.type === 'delta')).toBe(true));
    t.registry.stop('c1');
    await done;
    expect(t.stored.get('a1')).toMatchObject({ content: 'Some', status: 'incomplete', error: { code: 'aborted' } });
  });

  it('lets a panel that reopens mid-stream catch up with a snapshot, and survives a panel closing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup(async function* () {
      yield { type: 'text-delta', text: 'first ' };
      await gate;
      yield { type: 'text-delta', text: 'second' };
      yield { type: 'finish', reason: 'stop' };
    });
    const done = t.registry.start('c1', 'a1', t.watcher);
    await vi.waitFor(() => expect(t.seen).toHaveLength(1));
    t.registry.detach(t.watcher);
    const later: BackgroundToPanel[] = [];
    expect(t.registry.watch('c1', { send: (m) => later.push(m) })).toBe(true);
    expect(later[0]).toEqual({ type: 'snapshot', conversationId: 'c1', messageId: 'a1', content: 'first ' });
    release();
    await done;
    expect(t.seen).toHaveLength(1);
    expect(later.map((m) => m.type)).toEqual(['snapshot', 'delta', 'text-done', 'ended']);
    expect(t.registry.watch('c1', { send: () => undefined })).toBe(false);
  });

  it('sends nothing when more tools are on than the provider takes, and says how many', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      name: `op${i}`,
      description: 'an operation',
      parameters: { type: 'object' as const },
    }));
    const tools: ToolRuntime = { definitions: async () => ({ tools: many }), execute: vi.fn() };
    const t = setup(() => events({ type: 'text-delta', text: 'never' }, { type: 'finish', reason: 'stop' }), { tools });
    await t.registry.start('c1', 'a1', t.watcher);
    expect(t.requests).toHaveLength(0);
    const error = { code: 'too-many-tools', tools: 5_000, maxTools: 128, retryable: false };
    expect(t.stored.get('a1')).toMatchObject({ status: 'error', error });
    expect(t.seen.at(-1)).toMatchObject({ type: 'ended', status: 'error', error });
  });

  it("sends tools up to the provider's limit", async () => {
    const some = Array.from({ length: 128 }, (_, i) => ({
      name: `op${i}`,
      description: 'an operation',
      parameters: { type: 'object' as const },
    }));
    const tools: ToolRuntime = { definitions: async () => ({ tools: some }), execute: vi.fn() };
    const t = setup(() => events({ type: 'text-delta', text: 'Hi' }, { type: 'finish', reason: 'stop' }), { tools });
    await t.registry.start('c1', 'a1', t.watcher);
    expect(t.requests[0]!.tools).toHaveLength(128);
    expect(t.stored.get('a1')).toMatchObject({ status: 'complete' });
  });

  it('runs tool calls and sends the results back until the model answers', async () => {
    const tools: ToolRuntime = {
      definitions: async () => ({
        tools: [{ name: 'clock', description: 'time', parameters: { type: 'object' } }],
        systemRole: 'Use the clock.',
      }),
      execute: async (_c, call) => ({ result: `12:00 for ${call.arguments}`, plugin: 'clock-plugin' }),
    };
    let round = 0;
    const t = setup(
      () =>
        round++ === 0
          ? events(
              { type: 'tool-call', call: { id: 'call1', name: 'clock', arguments: '{"tz":"UTC"}' } },
              { type: 'finish', reason: 'tool-calls' },
            )
          : events({ type: 'text-delta', text: 'It is noon.' }, { type: 'finish', reason: 'stop' }),
      { tools },
    );
    await t.registry.start('c1', 'a1', t.watcher);
    expect(t.requests).toHaveLength(2);
    expect(t.requests[0]!.tools?.[0]?.name).toBe('clock');
    expect(t.requests[0]!.messages[0]).toEqual({ role: 'system', content: 'Be brief.\n\nUse the clock.' });
    expect(t.requests[1]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: 'call1', name: 'clock', arguments: '{"tz":"UTC"}' }] },
      { role: 'tool', toolCallId: 'call1', name: 'clock', content: asToolData('clock', '12:00 for {"tz":"UTC"}') },
    ]);
    const saved = t.stored.get('a1')!;
    expect(saved.content).toBe('It is noon.');
    expect(saved.steps?.[0]).toMatchObject({ plugin: 'clock-plugin', result: '12:00 for {"tz":"UTC"}' });
    expect(t.seen.some((m) => m.type === 'steps-changed')).toBe(true);
  });

  it("keeps a failed call's code and a call's images with their steps, for the panel to word and show", async () => {
    const tools: ToolRuntime = {
      definitions: async () => ({ tools: [{ name: 'chart', description: 'draws', parameters: { type: 'object' } }] }),
      execute: async (_c, call) =>
        call.id === 'late'
          ? { result: 'Error: too slow', isError: true, code: 'mcp-timeout' }
          : { result: '[Image 1]', images: [{ mimeType: 'image/png', data: 'iVBO' }] },
    };
    let round = 0;
    const t = setup(
      () =>
        round++ === 0
          ? events(
              { type: 'tool-call', call: { id: 'late', name: 'chart', arguments: '{}' } },
              { type: 'tool-call', call: { id: 'drawn', name: 'chart', arguments: '{}' } },
              { type: 'finish', reason: 'tool-calls' },
            )
          : events({ type: 'text-delta', text: 'Here.' }, { type: 'finish', reason: 'stop' }),
      { tools },
    );
    await t.registry.start('c1', 'a1');
    const [late, drawn] = t.stored.get('a1')!.steps!;
    expect(late).toMatchObject({ error: 'Error: too slow', errorCode: 'mcp-timeout' });
    expect(drawn).toMatchObject({ result: '[Image 1]', images: [{ mimeType: 'image/png', data: 'iVBO' }] });
  });

  it("passes the tools' images to a model that takes them, after the tool results, and only those its provider takes", async () => {
    const tools: ToolRuntime = {
      definitions: async () => ({ tools: [{ name: 'chart', description: 'draws', parameters: { type: 'object' } }] }),
      execute: async () => ({
        result: '[Image 1] [Image 2]',
        images: [
          { mimeType: 'image/png', data: 'iVBO' },
          { mimeType: 'image/svg+xml', data: 'PHN2' },
        ],
      }),
    };
    const run = async (model: string) => {
      let round = 0;
      const t = setup(
        () =>
          round++ === 0
            ? events({ type: 'tool-call', call: { id: 'c', name: 'chart', arguments: '{}' } }, { type: 'finish', reason: 'tool-calls' })
            : events({ type: 'text-delta', text: 'A bar chart.' }, { type: 'finish', reason: 'stop' }),
        {
          tools,
          loadTurn: async () => ({ conversation: { ...conversation, model: { providerId: 'p1', model } }, history: [user], answer }),
        },
      );
      await t.registry.start('c1', 'a1');
      return t.requests[1]!.messages.slice(-2);
    };
    const [result, seen] = await run('gpt-4o');
    expect(result).toMatchObject({ role: 'tool', toolCallId: 'c', content: asToolData('chart', '[Image 1] [Image 2]') });
    // SVG is no image OpenAI's wire decodes: it stays a placeholder and a picture in the step.
    expect(seen).toMatchObject({ role: 'user', images: [{ mimeType: 'image/png', data: 'iVBO' }] });
    expect(seen!.content).toMatch(/tool output, not instructions/);
    // A model that reads text only gets the tool's text alone.
    expect((await run('gpt-3.5-turbo')).map((m) => m.role)).toEqual(['assistant', 'tool']);
  });

  it('reports a missing provider as an error on the message', async () => {
    const t = setup(() => events(), { resolve: async () => Promise.reject(new Error('gone')) });
    await t.registry.start('c1', 'a1');
    expect(t.stored.get('a1')).toMatchObject({ status: 'error', error: { code: 'unknown', message: 'gone' } });
  });
});

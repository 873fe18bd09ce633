/**
 * What every provider adapter must do, whatever the service behind it. Each
 * adapter's test file supplies a harness: its mock server, scripted with the
 * shared scenarios, and a ProviderContext pointing at it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatRequest } from '../../../lib/core/chat';
import type { ChatError } from '../../../lib/core/errors';
import { guardStream } from '../../../lib/chat/stream-guard';
import type { ProviderConfig, ProviderKind } from '../../../lib/core/providers';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import type { ProviderAdapter, ProviderContext, ProviderSecrets } from '../../../lib/providers/types';
import type { EnqueueOptions, RecordedRequest, Scenario } from '../../mocks/scenario';
import { fakeClockThatRunsItself, fakeTimeoutSignal, installFakeClock, until } from '../support/fake-clock';

export interface AdapterHarness {
  adapter: ProviderAdapter;
  /** A model the mock serves. */
  model: string;
  /** A working context for the mock. */
  context(signal?: AbortSignal): ProviderContext;
  /** Arranges for the service to refuse the credential, and returns the context that will be refused. */
  rejectCredentials(): ProviderContext;
  enqueue(scenario: Scenario, options?: EnqueueOptions): void;
  clear(): void;
  /** Replies the mock saw the client abandon. */
  readonly aborted: number;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The scenario mock every adapter's harness is built on. */
export type HarnessMock = Pick<AdapterHarness, 'enqueue' | 'clear' | 'aborted' | 'requests' | 'close'>;

/** A harness from an adapter's own parts and its mock, whose scripting, records and shutdown pass straight through. */
export function harnessOn(
  mock: HarnessMock,
  parts: Pick<AdapterHarness, 'adapter' | 'model' | 'context' | 'rejectCredentials'>,
): AdapterHarness {
  return {
    ...parts,
    enqueue: (scenario, options) => mock.enqueue(scenario, options),
    clear: () => mock.clear(),
    get aborted() {
      return mock.aborted;
    },
    get requests() {
      return mock.requests;
    },
    close: () => mock.close(),
  };
}

export function providerContext(
  kind: ProviderKind,
  settings: Record<string, string>,
  secrets: ProviderSecrets,
  fetch: FetchLike,
  signal: AbortSignal = new AbortController().signal,
): ProviderContext {
  const config: ProviderConfig = { id: `test-${kind}`, kind, name: kind, settings, manualModels: [], createdAt: 0 };
  return { config, settings, secrets, fetch, signal };
}

/**
 * Runs a chat to its end and checks what every chat stream owes its caller:
 * it never throws, and it ends with exactly one `finish` or one `error`, last.
 */
export async function runChat(
  adapter: ProviderAdapter,
  ctx: ProviderContext,
  request: ChatRequest,
  onEvent?: (e: ChatEvent) => void,
): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of adapter.chat(ctx, request)) {
    events.push(event);
    onEvent?.(event);
  }
  const terminal = events.filter((e) => e.type === 'finish' || e.type === 'error');
  expect(terminal).toHaveLength(1);
  expect(events.at(-1)).toBe(terminal[0]);
  return events;
}

export function textOf(events: ChatEvent[]): string {
  return events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
}

export function errorOf(events: ChatEvent[]): ChatError | undefined {
  const last = events.at(-1);
  return last?.type === 'error' ? last.error : undefined;
}

export function finishOf(events: ChatEvent[]): string | undefined {
  const last = events.at(-1);
  return last?.type === 'finish' ? last.reason : undefined;
}

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object' as const, properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
};

export function runAdapterContract(name: string, makeHarness: () => Promise<AdapterHarness>): void {
  describe(`${name}: adapter contract`, () => {
    let h: AdapterHarness;
    const ask = (text = 'Say hi'): ChatRequest => ({
      model: h.model,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: text },
      ],
    });

    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(() => h.close());
    beforeEach(() => h.clear());
    afterEach(() => vi.useRealTimers());

    it('streams text in order and finishes with stop', async () => {
      const text = 'Hello, wörld 👋 — 你好! Second sentence.';
      h.enqueue({ kind: 'text', text, chunkSize: 3 });
      const events = await runChat(h.adapter, h.context(), ask('Greet me'));
      expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(1);
      expect(textOf(events)).toBe(text);
      expect(finishOf(events)).toBe('stop');
      expect(JSON.stringify(h.requests.at(-1)?.body)).toContain('Greet me');
    });

    it('replies to a plain request with the echo the mock defaults to', async () => {
      const events = await runChat(h.adapter, h.context(), ask('ping'));
      expect(textOf(events)).toBe('Echo: ping');
    });

    it('assembles a tool call whose arguments arrive in fragments', async () => {
      const args = '{"city":"Paris","unit":"celsius"}';
      h.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: args, chunkSize: 4 });
      const events = await runChat(h.adapter, h.context(), { ...ask('Weather?'), tools: [weatherTool] });
      const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
      expect(calls).toHaveLength(1);
      expect(calls[0]?.name).toBe('get_weather');
      expect(JSON.parse(calls[0]?.arguments ?? '')).toEqual({ city: 'Paris', unit: 'celsius' });
      expect(calls[0]?.id).toBeTruthy();
      expect(finishOf(events)).toBe('tool-calls');
      expect(JSON.stringify(h.requests.at(-1)?.body)).toContain('get_weather');
    });

    it('keeps several tool calls apart and in order', async () => {
      h.enqueue({
        kind: 'tool-calls',
        calls: [
          { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          { name: 'get_weather', arguments: '{"city":"Lima"}' },
        ],
        chunkSize: 3,
      });
      const events = await runChat(h.adapter, h.context(), { ...ask(), tools: [weatherTool] });
      const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
      expect(calls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([{ city: 'Oslo' }, { city: 'Lima' }]);
      expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    });

    it('reports token usage before finishing', async () => {
      h.enqueue({ kind: 'text', text: 'Counted.', usage: { input: 11, output: 7 } });
      const events = await runChat(h.adapter, h.context(), ask());
      const usage = events.findIndex((e) => e.type === 'usage');
      expect(events[usage]).toEqual({ type: 'usage', usage: { inputTokens: 11, outputTokens: 7 } });
      expect(usage).toBeLessThan(events.length - 1);
    });

    it("ends with 'aborted' when stopped mid-stream, and really cancels the request", async () => {
      h.enqueue({ kind: 'hang-after', text: 'partial answer' });
      const before = h.aborted;
      const controller = new AbortController();
      const events = await runChat(h.adapter, h.context(controller.signal), ask(), (e) => {
        if (e.type === 'text-delta') controller.abort();
      });
      expect(textOf(events).length).toBeGreaterThan(0);
      expect(errorOf(events)?.code).toBe('aborted');
      await expect.poll(() => h.aborted).toBe(before + 1);
    });

    it("ends with 'aborted' at once when the signal is already aborted", async () => {
      const controller = new AbortController();
      controller.abort();
      const events = await runChat(h.adapter, h.context(controller.signal), ask());
      expect(events).toHaveLength(1);
      expect(errorOf(events)?.code).toBe('aborted');
    });

    it("ends with 'timeout' when the caller's deadline passes mid-stream", async () => {
      installFakeClock();
      h.enqueue({ kind: 'hang-after', text: 'slow' });
      const events: ChatEvent[] = [];
      const run = runChat(h.adapter, h.context(fakeTimeoutSignal(300)), ask(), (e) => events.push(e));
      await until(() => textOf(events) === 'slow');
      await vi.advanceTimersByTimeAsync(300);
      expect(textOf(await run)).toBe('slow');
      expect(errorOf(events)?.code).toBe('timeout');
    });

    it("turns a refused credential into a single 'unauthorized' error", async () => {
      const ctx = h.rejectCredentials();
      const events = await runChat(h.adapter, ctx, ask());
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code: 'unauthorized', provider: ctx.config.id });
    });

    it('finishes an empty reply with no text and no error', async () => {
      h.enqueue({ kind: 'text', text: '' });
      const events = await runChat(h.adapter, h.context(), ask());
      expect(events.some((e) => e.type === 'text-delta')).toBe(false);
      expect(finishOf(events)).toBe('stop');
    });

    it("fails with 'malformed-stream' on a frame that is not JSON, keeping the text before it", async () => {
      h.enqueue({ kind: 'malformed', text: 'fine so far' });
      const events = await runChat(h.adapter, h.context(), ask());
      expect(textOf(events)).toBe('fine so far');
      expect(errorOf(events)?.code).toBe('malformed-stream');
    });

    it("keeps the text so far and ends with 'network' when the connection drops mid-stream", async () => {
      h.enqueue({ kind: 'drop-after', text: 'half an answ' });
      const events = await runChat(h.adapter, h.context(), ask());
      expect(textOf(events)).toBe('half an answ');
      expect(errorOf(events)?.code).toBe('network');
    });

    it('is given up by the stream guard when it goes silent, and the request is really closed', async () => {
      installFakeClock();
      const before = h.aborted;
      h.enqueue({ kind: 'hang-after', text: 'so far' });
      const events: ChatEvent[] = [];
      const controller = new AbortController();
      const run = (async () => {
        for await (const event of guardStream((signal) => h.adapter.chat(h.context(signal), ask()), {
          signal: controller.signal,
          idleMs: 1500,
        })) {
          events.push(event);
        }
      })();
      await until(() => textOf(events) === 'so far');
      await vi.advanceTimersByTimeAsync(1499);
      expect(errorOf(events)).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await run;
      expect(textOf(events)).toBe('so far');
      expect(errorOf(events)?.code).toBe('stalled');
      await expect.poll(() => h.aborted).toBe(before + 1);
    });

    it('retries a throttled request by the shared policy, honouring retry-after-ms, then answers', async () => {
      installFakeClock();
      const before = h.requests.length;
      const sent = () => h.requests.length - before;
      // Longer than any back-off the policy draws for two retries, so only the server's wait can hold the retry back.
      h.enqueue({ kind: 'status', status: 429, headers: { 'retry-after-ms': '2000' } }, { times: 2 });
      const run = runChat(h.adapter, h.context(), ask('ping'));
      for (const attempt of [1, 2]) {
        await until(() => sent() === attempt && vi.getTimerCount() > 0);
        await vi.advanceTimersByTimeAsync(1999);
        expect(sent()).toBe(attempt);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(textOf(await run)).toBe('Echo: ping');
      expect(sent()).toBe(3);
    });

    it("stops after three attempts in all with 'rate-limited'", async () => {
      const realClock = fakeClockThatRunsItself();
      const before = h.requests.length;
      h.enqueue({ kind: 'status', status: 429, headers: { 'retry-after-ms': '1' } }, { times: 4 });
      const events = await runChat(h.adapter, h.context(), ask()).finally(realClock);
      expect(errorOf(events)).toMatchObject({ code: 'rate-limited', status: 429 });
      expect(h.requests.length - before).toBe(3);
      h.clear();
    });

    it.each<Record<string, string>>([
      { 'retry-after': '86400' },
      { 'retry-after-ms': '3600000' },
      { 'retry-after': new Date(Date.now() + 86_400_000).toUTCString() },
    ])("fails at once with 'rate-limited' and the time to retry when asked to wait longer than the cap (%j)", async (headers) => {
      const before = h.requests.length;
      h.enqueue({ kind: 'status', status: 429, headers }, { times: 3 });
      const events = await runChat(h.adapter, h.context(), ask());
      const error = errorOf(events);
      expect(error).toMatchObject({ code: 'rate-limited', status: 429 });
      expect(error?.retryAt).toBeGreaterThan(Date.now() + 3_000_000);
      expect(h.requests.length - before).toBe(1);
      h.clear();
    });

    it('keeps the text and emits no finish when the stream closes before its end marker (the guard then says cut off)', async () => {
      h.enqueue({ kind: 'cut-off', text: 'the first half' });
      const events: ChatEvent[] = [];
      for await (const event of h.adapter.chat(h.context(), ask())) events.push(event);
      expect(textOf(events)).toBe('the first half');
      expect(events.filter((e) => e.type === 'finish' || e.type === 'error')).toEqual([]);
    });

    it('keeps the text so far and ends with an error when the server reports one mid-stream', async () => {
      h.enqueue({ kind: 'error-after', text: 'started well', message: 'generation failed' });
      const events = await runChat(h.adapter, h.context(), ask());
      expect(textOf(events)).toBe('started well');
      expect(errorOf(events)?.code).toBe('server-error');
    });

    it("maps a 5xx reply to 'server-error' after the adapter's own retries", async () => {
      const realClock = fakeClockThatRunsItself();
      h.enqueue({ kind: 'status', status: 500, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      const events = await runChat(h.adapter, h.context(), ask()).finally(realClock);
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code: 'server-error', status: 500, retryable: true });
    });

    it('lists the models the service has', async () => {
      const models = await h.adapter.listModels(h.context());
      expect(models.map((m) => m.id)).toContain(h.model);
    });
  });
}

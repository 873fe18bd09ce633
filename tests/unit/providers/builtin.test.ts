import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import {
  builtinAdapter,
  builtinAvailability,
  builtinProviderConfig,
  BUILTIN_MODEL_ID,
  type LanguageModelApi,
} from '../../../lib/providers/builtin';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import { errorOf, finishOf, providerContext, runChat, textOf } from './contract';

type CreateOptions = Parameters<LanguageModelApi['create']>[0];
type LanguageModelSession = Awaited<ReturnType<LanguageModelApi['create']>>;

interface Script {
  chunks?: string[];
  /** Thrown by the stream after the chunks. */
  error?: Error;
  /** Keep the stream open after the chunks until the prompt's signal aborts. */
  hang?: boolean;
}

/** A stand-in for Chrome's LanguageModel, recording what the adapter asked of it. */
class FakeLanguageModel implements LanguageModelApi {
  state: Awaited<ReturnType<LanguageModelApi['availability']>> = 'available';
  /** What this device's model says about image input. */
  imageState: Awaited<ReturnType<LanguageModelApi['availability']>> = 'unavailable';
  script: Script = { chunks: ['Hel', 'lo', '!'] };
  createError?: Error;
  paramsResult: { defaultTopK: number; maxTemperature: number } | null = { defaultTopK: 3, maxTemperature: 2 };
  readonly created: CreateOptions[] = [];
  readonly prompts: Parameters<LanguageModelSession['promptStreaming']>[0][] = [];
  destroyed = 0;
  cancelled = 0;

  availability: LanguageModelApi['availability'] = async (options) =>
    options?.expectedInputs?.some((i) => i.type === 'image') ? this.imageState : this.state;

  params? = async () => this.paramsResult;

  create = async (options: CreateOptions) => {
    if (this.createError) throw this.createError;
    this.created.push(options);
    return {
      promptStreaming: (input: Parameters<LanguageModelSession['promptStreaming']>[0], opts?: { signal?: AbortSignal }) => {
        this.prompts.push(input);
        return this.stream(opts?.signal);
      },
      destroy: () => void this.destroyed++,
    };
  };

  private stream(signal: AbortSignal | undefined): ReadableStream<string> {
    const { chunks = [], error, hang } = this.script;
    let i = 0;
    return new ReadableStream<string>({
      pull: async (controller) => {
        if (i < chunks.length) {
          controller.enqueue(chunks[i++]!);
          return;
        }
        if (error) throw error;
        if (!hang) {
          controller.close();
          return;
        }
        await new Promise<void>((_, reject) => {
          if (signal?.aborted) reject(signal.reason as Error);
          signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      },
      cancel: () => void this.cancelled++,
    });
  }
}

const noNetwork: FetchLike = () => {
  throw new Error('the built-in model makes no requests');
};

const ctx = (signal?: AbortSignal) => providerContext('builtin', {}, {}, noNetwork, signal);

const ask: ChatRequest = {
  model: BUILTIN_MODEL_ID,
  messages: [
    { role: 'system', content: 'Be terse.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello.' },
    { role: 'system', content: 'Answer in French.' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'clock', arguments: '{}' }] },
    { role: 'tool', content: '12:00', toolCallId: 'c1', name: 'clock' },
    { role: 'user', content: 'What time is it?' },
  ],
};

function install(fake: FakeLanguageModel | undefined): void {
  vi.stubGlobal('LanguageModel', fake);
}

function fake(): FakeLanguageModel {
  const f = new FakeLanguageModel();
  install(f);
  return f;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('builtinAvailability', () => {
  it("is 'unavailable' where the browser has no LanguageModel", async () => {
    install(undefined);
    expect(await builtinAvailability()).toBe('unavailable');
  });

  it.each([
    ['available', 'available'],
    ['downloadable', 'downloadable'],
    ['downloading', 'downloadable'],
    ['unavailable', 'unavailable'],
  ] as const)("reports %s as '%s'", async (state, expected) => {
    fake().state = state;
    expect(await builtinAvailability()).toBe(expected);
  });

  it("is 'unavailable' when asking fails", async () => {
    fake().availability = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    expect(await builtinAvailability()).toBe('unavailable');
  });
});

describe('built-in adapter', () => {
  it('is a keyless provider with one model and no tools', async () => {
    fake();
    expect(await builtinAdapter.listModels(ctx())).toEqual([{ id: BUILTIN_MODEL_ID, images: false }]);
    expect(builtinAdapter.supportsTools?.(BUILTIN_MODEL_ID)).toBe(false);
    expect(builtinProviderConfig()).toMatchObject({ id: 'builtin', kind: 'builtin', name: 'Built-in browser model' });
  });

  it.each([
    [undefined, 'unsupported'],
    ['unavailable', 'unsupported'],
    ['downloadable', 'model-not-ready'],
    ['downloading', 'model-not-ready'],
  ] as const)("fails to list models when the model is %s, with '%s'", async (state, code) => {
    if (state) fake().state = state;
    else install(undefined);
    await expect(builtinAdapter.listModels(ctx())).rejects.toMatchObject({ error: { code, provider: 'builtin' } });
    const events = await runChat(builtinAdapter, ctx(), ask);
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code }) }]);
  });

  it('streams the deltas in order, finishes with stop and frees the session', async () => {
    const lm = fake();
    const events = await runChat(builtinAdapter, ctx(), ask);
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(3);
    expect(textOf(events)).toBe('Hello!');
    expect(finishOf(events)).toBe('stop');
    expect(lm.destroyed).toBe(1);
  });

  it('passes the history as initial prompts, one system prompt first, and the last user message as the prompt', async () => {
    const lm = fake();
    await runChat(builtinAdapter, ctx(), ask);
    expect(lm.created[0]?.initialPrompts).toEqual([
      { role: 'system', content: 'Be terse.\n\nAnswer in French.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      // A tool result is quoted as data, never passed off as the user's words.
      { role: 'user', content: '<tool-result name="clock">\n12:00\n</tool-result>' },
    ]);
    expect(lm.prompts).toEqual(['What time is it?']);
    expect(lm.created[0]).not.toHaveProperty('temperature');
    expect(lm.created[0]).not.toHaveProperty('topK');
  });

  it('sends temperature with the default topK, as Chrome requires both, clamped to the maximum', async () => {
    const lm = fake();
    await runChat(builtinAdapter, ctx(), { ...ask, params: { temperature: 5, topP: 0.5, maxTokens: 10 } });
    expect(lm.created[0]).toMatchObject({ temperature: 2, topK: 3 });
  });

  it('falls back to topK 3 where params() does not exist', async () => {
    const lm = fake();
    delete lm.params;
    await runChat(builtinAdapter, ctx(), { ...ask, params: { temperature: 0.4 } });
    expect(lm.created[0]).toMatchObject({ temperature: 0.4, topK: 3 });
  });

  it('lists the model as taking images where the browser says so, and sends them as image parts of a session that expects them', async () => {
    const lm = fake();
    lm.imageState = 'available';
    expect(await builtinAdapter.listModels(ctx())).toEqual([{ id: BUILTIN_MODEL_ID, images: true }]);
    const png = { mimeType: 'image/png' as const, data: 'iVBORw==' };
    const events = await runChat(builtinAdapter, ctx(), {
      model: BUILTIN_MODEL_ID,
      messages: [
        { role: 'user', content: 'Earlier', images: [png] },
        { role: 'assistant', content: 'A square.' },
        { role: 'user', content: 'And this?', images: [{ mimeType: 'image/jpeg', data: '/9j/' }] },
      ],
    });
    expect(textOf(events)).toBe('Hello!');
    expect(lm.created[0]?.expectedInputs).toEqual([{ type: 'image' }]);
    const first = lm.created[0]?.initialPrompts?.[0]?.content as { type: string; value: unknown }[];
    expect(first[0]).toEqual({ type: 'text', value: 'Earlier' });
    expect(first[1]?.value).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (first[1]!.value as Blob).arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const [prompt] = lm.prompts[0] as { role: string; content: { type: string; value: unknown }[] }[];
    expect(prompt?.role).toBe('user');
    expect(prompt?.content.map((p) => p.type)).toEqual(['text', 'image']);
    expect((prompt?.content[1]?.value as Blob).type).toBe('image/jpeg');
  });

  it("refuses images with 'images-unsupported' where this browser's model takes none, before any session", async () => {
    const lm = fake();
    const events = await runChat(builtinAdapter, ctx(), {
      model: BUILTIN_MODEL_ID,
      messages: [{ role: 'user', content: 'What is this?', images: [{ mimeType: 'image/png', data: 'iVBORw==' }] }],
    });
    expect(errorOf(events)?.code).toBe('images-unsupported');
    expect(lm.created).toHaveLength(0);
  });

  it("refuses a conversation that does not end with a user message with 'bad-request'", async () => {
    const lm = fake();
    const events = await runChat(builtinAdapter, ctx(), { ...ask, messages: ask.messages.slice(0, 3) });
    expect(errorOf(events)?.code).toBe('bad-request');
    expect(lm.created).toHaveLength(0);
  });

  it("ends with 'aborted' when stopped mid-stream, keeping the text, and frees the session", async () => {
    const lm = fake();
    lm.script = { chunks: ['partial'], hang: true };
    const controller = new AbortController();
    const events = await runChat(builtinAdapter, ctx(controller.signal), ask, (e) => {
      if (e.type === 'text-delta') controller.abort();
    });
    expect(textOf(events)).toBe('partial');
    expect(errorOf(events)?.code).toBe('aborted');
    expect(lm.destroyed).toBe(1);
    expect(lm.created[0]?.signal).toBe(controller.signal);
  });

  it("ends with 'aborted' at once when the signal is already aborted", async () => {
    const lm = fake();
    const controller = new AbortController();
    controller.abort();
    expect(await runChat(builtinAdapter, ctx(controller.signal), ask)).toEqual([
      { type: 'error', error: expect.objectContaining({ code: 'aborted' }) },
    ]);
    expect(lm.created).toHaveLength(0);
  });

  it("ends with 'timeout' when the caller's deadline passes", async () => {
    fake().script = { chunks: ['slow'], hang: true };
    const events = await runChat(builtinAdapter, ctx(AbortSignal.timeout(100)), ask);
    expect(textOf(events)).toBe('slow');
    expect(errorOf(events)?.code).toBe('timeout');
  });

  it('cancels the model when the consumer stops listening', async () => {
    const lm = fake();
    lm.script = { chunks: ['a', 'b', 'c'], hang: true };
    for await (const event of builtinAdapter.chat(ctx(), ask)) if (event.type === 'text-delta') break;
    expect(lm.cancelled).toBe(1);
    expect(lm.destroyed).toBe(1);
  });

  it.each([
    ['NotReadableError', 'content-filtered'],
    ['QuotaExceededError', 'bad-request'],
    ['NotSupportedError', 'unsupported'],
    ['UnknownError', 'model-error'],
  ])('maps a %s thrown mid-stream to %s after the text so far', async (name, code) => {
    fake().script = { chunks: ['so far'], error: new DOMException('The model said no.', name) };
    const events = await runChat(builtinAdapter, ctx(), ask);
    expect(textOf(events)).toBe('so far');
    expect(errorOf(events)).toMatchObject({ code, type: name, message: 'The model said no.', provider: 'builtin' });
  });

  it("maps a refused session to 'forbidden'", async () => {
    fake().createError = new DOMException(
      'Requires a user gesture when availability is "downloading" or "downloadable".',
      'NotAllowedError',
    );
    expect(errorOf(await runChat(builtinAdapter, ctx(), ask))?.code).toBe('forbidden');
  });
});

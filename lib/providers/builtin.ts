/**
 * The browser's own on-device model through Chrome's Prompt API (the global
 * `LanguageModel`, Gemini Nano in Chrome). Keyless and offline: nothing leaves
 * the machine, so no fetch is involved. Chrome exposes `LanguageModel` to
 * extension service workers as well as to extension pages (checked on
 * Chromium 156), so the adapter runs in the background like every other; it
 * only reads the global, and so works unchanged in any document that has it.
 */
import type { ChatMessage, ChatRequest, GenerationParams } from '../core/chat';
import { chatError, fail, type ChatError, type ChatErrorCode } from '../core/errors';
import { kindInfo, type ProviderConfig } from '../core/providers';
import { defineAdapter, type WireEvent } from './define-adapter';
import type { ProviderContext } from './types';
import { systemText } from './wire-common';
import { base64ToBytes } from '../core/base64';

type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

/** A turn with images is a list of parts; Chrome takes the image as a Blob and scales it itself. */
type PromptPart = { type: 'text'; value: string } | { type: 'image'; value: Blob };

interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | PromptPart[];
}

interface ExpectedInput {
  type: 'text' | 'image';
}

interface LanguageModelSession {
  promptStreaming(input: string | PromptMessage[], options?: { signal?: AbortSignal }): ReadableStream<string>;
  destroy(): void;
}

interface LanguageModelParams {
  defaultTopK: number;
  maxTemperature: number;
}

/** The part of the Prompt API the adapter uses. */
export interface LanguageModelApi {
  availability(options?: { expectedInputs?: ExpectedInput[] }): Promise<Availability>;
  create(options: {
    initialPrompts?: PromptMessage[];
    /** Declared up front: a session asked for images it did not expect refuses them. */
    expectedInputs?: ExpectedInput[];
    temperature?: number;
    topK?: number;
    signal?: AbortSignal;
  }): Promise<LanguageModelSession>;
  /** Extension contexts only, and deprecated, but the one place the default topK is published. */
  params?(): Promise<LanguageModelParams | null>;
}

export const BUILTIN_PROVIDER_ID = 'builtin';
export const BUILTIN_MODEL_ID = 'on-device';

/** The built-in provider is never saved; the background lists it with this config while the model is available. */
export function builtinProviderConfig(): ProviderConfig {
  return {
    id: BUILTIN_PROVIDER_ID,
    kind: 'builtin',
    name: kindInfo('builtin')?.displayName ?? BUILTIN_PROVIDER_ID,
    settings: {},
    manualModels: [],
    createdAt: 0,
  };
}

function languageModel(): LanguageModelApi | undefined {
  return (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
}

/**
 * Whether the on-device model can answer now ('available'), could after a
 * download the browser starts on first use ('downloadable'), or not at all.
 */
export async function builtinAvailability(): Promise<'available' | 'downloadable' | 'unavailable'> {
  const api = languageModel();
  if (!api) return 'unavailable';
  try {
    const state = await api.availability();
    if (state === 'available') return 'available';
    if (state === 'downloadable' || state === 'downloading') return 'downloadable';
    return 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** Failures name the built-in provider, whatever config the context carries. */
const provider = BUILTIN_PROVIDER_ID;

const IMAGE_INPUT: ExpectedInput[] = [{ type: 'image' }];

/** Whether this browser's model takes images: it depends on the browser's version and the device, so it is asked. */
async function takesImages(api: LanguageModelApi): Promise<boolean> {
  try {
    return (await api.availability({ expectedInputs: IMAGE_INPUT })) === 'available';
  } catch {
    return false;
  }
}

async function readyApi(): Promise<LanguageModelApi> {
  const api = languageModel();
  if (!api) fail('unsupported', 'This browser has no built-in language model (LanguageModel is not defined here).', { provider });
  const state = await api.availability();
  if (state === 'unavailable') fail('unsupported', 'The built-in language model is unavailable on this device.', { provider });
  if (state !== 'available') fail('model-not-ready', `The built-in language model is not ready yet (${state}).`, { provider });
  return api;
}

/**
 * The conversation so far becomes the session's initial prompts, the last
 * user message the prompt. The Prompt API allows one system prompt, first,
 * and has no tool role, so system messages are joined and a tool result is
 * quoted in a user turn as delimited data, never as the user's own words.
 */
function quoteToolResult(m: ChatMessage): string {
  const close = '</tool-result>';
  return `<tool-result name="${(m.name ?? '').replace(/"/g, "'")}">\n${m.content.replaceAll(close, '')}\n${close}`;
}

function userContent(m: ChatMessage): PromptMessage['content'] {
  if (!m.images?.length) return m.content;
  const images = m.images.map((i): PromptPart => ({ type: 'image', value: new Blob([base64ToBytes(i.data)], { type: i.mimeType }) }));
  return [...(m.content ? [{ type: 'text' as const, value: m.content }] : []), ...images];
}

function toPrompts(messages: readonly ChatMessage[]): { initialPrompts: PromptMessage[]; prompt: string | PromptMessage[] } {
  const last = messages.at(-1);
  if (last?.role !== 'user') fail('bad-request', 'The conversation must end with a user message.');
  const system = systemText(messages);
  const history: PromptMessage[] = messages
    .slice(0, -1)
    .filter((m) => m.role !== 'system' && (m.content || m.images?.length))
    .map((m) => {
      if (m.role === 'assistant') return { role: 'assistant', content: m.content };
      return { role: 'user', content: m.role === 'tool' ? quoteToolResult(m) : userContent(m) };
    });
  const prompt = last.images?.length ? [{ role: 'user' as const, content: userContent(last) }] : last.content;
  return { initialPrompts: [...(system ? [{ role: 'system' as const, content: system }] : []), ...history], prompt };
}

/**
 * Only temperature carries over (the API has no topP, output limit or stop
 * sequences), and Chrome insists on topK whenever temperature is given, so the
 * model's default topK goes with it.
 */
async function sampling(api: LanguageModelApi, params: GenerationParams | undefined): Promise<{ temperature?: number; topK?: number }> {
  if (params?.temperature === undefined) return {};
  const defaults = await api.params?.().catch(() => null);
  const temperature = defaults ? Math.min(params.temperature, defaults.maxTemperature) : params.temperature;
  return { temperature, topK: defaults?.defaultTopK ?? 3 };
}

/** The Prompt API reports failures as DOMExceptions named for the kind of failure. */
const CODE_FOR_NAME: Record<string, ChatErrorCode> = {
  NotSupportedError: 'unsupported',
  NotAllowedError: 'forbidden',
  // Input longer than the session's context window.
  QuotaExceededError: 'bad-request',
  InvalidStateError: 'model-not-ready',
  NetworkError: 'network',
  // The model's output failed Chrome's safety checks.
  NotReadableError: 'content-filtered',
};

/** The Prompt API's failures; the shell has already dealt with stops. */
function builtinError(e: unknown): ChatError {
  const name = e instanceof Error ? e.name : '';
  const message = e instanceof Error ? e.message : String(e);
  return chatError(CODE_FOR_NAME[name] ?? 'model-error', message, { provider, ...(name ? { type: name } : {}) });
}

async function* stream(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<WireEvent> {
  let session: LanguageModelSession | undefined;
  try {
    const api = await readyApi();
    const { initialPrompts, prompt } = toPrompts(request.messages);
    const images = request.messages.some((m) => m.images?.length);
    // The panel refuses first from the listing; the browser may have changed its mind since (a model update).
    if (images && !(await takesImages(api)))
      fail('images-unsupported', 'The built-in model on this device does not accept images.', { provider });
    const expected = images ? { expectedInputs: IMAGE_INPUT } : {};
    session = await api.create({ initialPrompts, ...expected, ...(await sampling(api, request.params)), signal: ctx.signal });
    const reader = session.promptStreaming(prompt, { signal: ctx.signal }).getReader();
    let done = false;
    try {
      // Chrome streams deltas; its first releases sent the whole text so far each time, which is not supported.
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (chunk.value) yield { type: 'text-delta', text: chunk.value };
      }
      done = true;
    } finally {
      // A consumer that stops listening must stop the model too.
      if (!done) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
    yield { type: 'finish', reason: 'stop' };
  } finally {
    session?.destroy();
  }
}

export const builtinAdapter = defineAdapter({
  kind: 'builtin',
  // The browser's own model takes no tools at all (supportsTools below).
  maxTools: 0,
  stream,
  async models() {
    const api = await readyApi();
    return [{ id: BUILTIN_MODEL_ID, images: await takesImages(api) }];
  },
  error: builtinError,
  supportsTools: () => false,
});

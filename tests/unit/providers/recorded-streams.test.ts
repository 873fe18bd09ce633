/**
 * Each wire's recorded replies (tests/fixtures/streams) read by its adapter's
 * real parsing code, whole and with every chunk cut in two, and the OpenAI
 * and Anthropic recordings read by the official SDKs as well, so a recording
 * cannot drift from what the services send.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import type { ProviderKind } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';
import { BEDROCK_TEST_CREDENTIALS } from '../../mocks/bedrock-server';
import { replayFetch, type RecordedWire, type ReplayOptions } from '../../mocks/recorded-stream';
import { finishOf, providerContext, runChat, textOf } from './contract';

const TEXT = 'Hello, wörld 👋 — 你好! Second sentence.';

interface WireCase {
  wire: RecordedWire;
  kind: ProviderKind;
  model: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

const CASES: WireCase[] = [
  { wire: 'openai-chat', kind: 'openai-compatible', model: 'gpt-4o-mini', settings: { baseUrl: 'http://127.0.0.1:1/v1' }, secrets: {} },
  {
    wire: 'azure-inference',
    kind: 'azure-inference',
    model: 'Mistral-small-2503',
    settings: { endpoint: 'http://127.0.0.1:1', authMode: 'api-key', apiKeyHeader: 'api-key', apiVersion: '2024-05-01-preview' },
    secrets: { apiKey: 'k' },
  },
  {
    wire: 'anthropic-messages',
    kind: 'anthropic',
    model: 'claude-sonnet-4-6',
    settings: { baseUrl: 'http://127.0.0.1:1' },
    secrets: { apiKey: 'k' },
  },
  { wire: 'gemini', kind: 'gemini', model: 'gemini-2.0-flash', settings: { baseUrl: 'http://127.0.0.1:1' }, secrets: { apiKey: 'k' } },
  { wire: 'ollama-chat', kind: 'ollama', model: 'llama3.2:latest', settings: { baseUrl: 'http://127.0.0.1:1' }, secrets: {} },
  {
    wire: 'bedrock-claude',
    kind: 'bedrock',
    model: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    settings: {
      region: 'us-east-1',
      endpointVariant: 'standard',
      endpoint: 'http://127.0.0.1:1',
      guardrailIdentifier: '',
      guardrailVersion: '',
      trace: 'DISABLED',
      latency: 'standard',
    },
    secrets: { accessKeyId: BEDROCK_TEST_CREDENTIALS.accessKeyId, secretAccessKey: BEDROCK_TEST_CREDENTIALS.secretAccessKey },
  },
];

const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object' as const, properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
};

const SPLITS: [string, ReplayOptions][] = [
  ['read whole', { reads: 'whole' }],
  ['each chunk cut in half', { reads: 'halves' }],
  ['read a byte at a time', { reads: 'bytes' }],
];

describe.each(CASES)('$wire recordings, read by the adapter', ({ wire, kind, model, settings, secrets }) => {
  const ask = (tools: boolean): ChatRequest => ({
    model,
    messages: [{ role: 'user', content: 'hi' }],
    ...(tools ? { tools: [weather] } : {}),
  });

  it.each(SPLITS)('streams the text in order, with its usage, and finishes with stop (%s)', async (_label, split) => {
    const fetch = replayFetch(wire, 'text', split);
    const events = await runChat(getAdapter(kind), providerContext(kind, settings, secrets, fetch), ask(false));
    expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(1);
    expect(textOf(events)).toBe(TEXT);
    expect(events.find((e) => e.type === 'usage')).toMatchObject({
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
    expect(finishOf(events)).toBe('stop');
    expect(fetch.requests).toHaveLength(1);
  });

  it.each(SPLITS)('assembles the tool call from its recorded fragments (%s)', async (_label, split) => {
    const events = await runChat(
      getAdapter(kind),
      providerContext(kind, settings, secrets, replayFetch(wire, 'tool-call', split)),
      ask(true),
    );
    const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'get_weather' });
    expect(calls[0]?.id).toBeTruthy();
    expect(JSON.parse(calls[0]?.arguments ?? '')).toEqual({ city: 'Paris', unit: 'celsius' });
    expect(finishOf(events)).toBe('tool-calls');
  });
});

describe('recordings, read by the official SDKs', () => {
  it('the OpenAI SDK assembles the recorded chat completion stream', async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: 'http://127.0.0.1:1/v1', fetch: replayFetch('openai-chat', 'text'), maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish ??= chunk.choices[0]?.finish_reason;
    }
    expect(text).toBe(TEXT);
    expect(finish).toBe('stop');
  });

  it('the Anthropic SDK assembles the recorded message and tool_use input', async () => {
    const read = async (reply: 'text' | 'tool-call') => {
      const client = new Anthropic({
        apiKey: 'k',
        baseURL: 'http://127.0.0.1:1',
        fetch: replayFetch('anthropic-messages', reply),
        maxRetries: 0,
      });
      return client.messages
        .stream({ model: 'claude-sonnet-4-6', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] })
        .finalMessage();
    };
    const text = await read('text');
    expect(text.content).toEqual([{ type: 'text', text: TEXT }]);
    expect(text.stop_reason).toBe('end_turn');
    const tool = await read('tool-call');
    expect(tool.content).toEqual([
      { type: 'tool_use', id: 'call_fixture_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
    ]);
    expect(tool.stop_reason).toBe('tool_use');
  });
});

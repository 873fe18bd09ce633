import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { anthropicAdapter as anthropic, buildAnthropicBody } from '../../../lib/providers/anthropic';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';
import { ANTHROPIC_MOCK_MODELS, anthropicErrorBody, startAnthropicMock, type AnthropicMock } from '../../mocks/anthropic-server';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const KEY = 'sk-ant-contract';

async function anthropicHarness(): Promise<AdapterHarness> {
  const mock = await startAnthropicMock({ apiKey: KEY });
  const context = (signal?: AbortSignal, secrets: Record<string, string> = { apiKey: KEY }) =>
    providerContext('anthropic', { baseUrl: mock.url }, secrets, credentialedFetch(), signal);
  return harnessOn(mock, {
    adapter: anthropic,
    model: 'claude-sonnet-4-6',
    context,
    rejectCredentials: () => context(undefined, { apiKey: 'sk-ant-wrong' }),
  });
}

runAdapterContract('anthropic', anthropicHarness);

describe('Anthropic mock, read by the official SDK', () => {
  let mock: AnthropicMock;
  let client: Anthropic;
  beforeAll(async () => {
    mock = await startAnthropicMock({ apiKey: KEY });
    client = new Anthropic({ apiKey: KEY, baseURL: mock.url, maxRetries: 0 });
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.clear());

  it('streams a message the SDK assembles, with usage and stop reason', async () => {
    mock.enqueue({ kind: 'text', text: 'Hello there', usage: { input: 5, output: 3 } });
    const stream = client.messages.stream({ model: 'claude-sonnet-4-6', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'Hello there' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 5, output_tokens: 3 });
  });

  it('streams tool_use blocks whose input the SDK parses from input_json_delta', async () => {
    mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Paris"}', id: 'toolu_1' });
    const stream = client.messages.stream({ model: 'claude-sonnet-4-6', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('serves models the SDK does not warn about, so test output stays clean', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const model of ANTHROPIC_MOCK_MODELS) {
        mock.enqueue({ kind: 'text', text: 'ok' });
        await client.messages.stream({ model, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
      }
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('answers errors in the shape the SDK reads', async () => {
    mock.enqueue({ kind: 'status', status: 529 }, { route: 'models' });
    const failure = await client.models.list().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Anthropic.APIError);
    expect((failure as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
  });
});

describe('Anthropic adapter', () => {
  let mock: AnthropicMock;
  const ctx = () => providerContext('anthropic', { baseUrl: mock.url }, { apiKey: KEY }, credentialedFetch());
  const hi: ChatRequest = { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'hi' }] };
  beforeAll(async () => {
    mock = await startAnthropicMock({ apiKey: KEY });
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
  });

  it('leaves out an assistant turn with nothing in it, which the API refuses, and joins the user turns around it', () => {
    const body = buildAnthropicBody({
      model: 'm',
      messages: [
        { role: 'user', content: 'One' },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'Two' },
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'One' },
          { type: 'text', text: 'Two' },
        ],
      },
    ]);
  });

  it('maps system text, tool calls and tool results to the Messages body', () => {
    const body = buildAnthropicBody({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 't1', name: 'w', arguments: '{"city":"Oslo"}' },
            { id: 't2', name: 'w', arguments: '{}' },
          ],
        },
        { role: 'tool', content: 'cold', toolCallId: 't1', name: 'w' },
        { role: 'tool', content: 'warm', toolCallId: 't2', name: 'w' },
      ],
      tools: [{ name: 'w', description: 'weather', parameters: { type: 'object', properties: {} } }],
      params: { maxTokens: 10, stop: ['END'], temperature: 0.5 },
    });
    expect(body).toEqual({
      model: 'm',
      stream: true,
      system: 'Be terse.',
      max_tokens: 10,
      temperature: 0.5,
      stop_sequences: ['END'],
      tools: [{ name: 'w', description: 'weather', input_schema: { type: 'object', properties: {} } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'w', input: { city: 'Oslo' } },
            { type: 'tool_use', id: 't2', name: 'w', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'cold' },
            { type: 'tool_result', tool_use_id: 't2', content: 'warm' },
          ],
        },
      ],
    });
  });

  it('sends the key the way the SDK does, with its version header and the browser-access opt-in', async () => {
    await runChat(anthropic, ctx(), hi);
    const headers = mock.requests[0]?.headers ?? {};
    expect(headers['x-api-key'] ?? headers.authorization).toMatch(new RegExp(`(^|Bearer )${KEY}$`));
    expect(headers['anthropic-version']).toBeTruthy();
    expect(headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it.each([
    ['max_tokens', 'length'],
    ['stop_sequence', 'stop'],
    ['refusal', 'content-filter'],
  ])("maps stop_reason %s to '%s'", async (wire, reason) => {
    mock.enqueue({ kind: 'text', text: 'x', finishReason: wire });
    const events = await runChat(anthropic, ctx(), hi);
    expect(textOf(events)).toBe('x');
    expect(finishOf(events)).toBe(reason);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [400, 'bad-request'],
    [529, 'service-unavailable'],
  ])('maps a %i reply to %s', async (status, code) => {
    mock.enqueue({ kind: 'status', status, headers: { 'retry-after-ms': '1' } }, { times: 3 });
    expect(errorOf(await runChat(anthropic, ctx(), hi))).toMatchObject({ code, status });
  });

  it('maps an error event mid-stream by its type, keeping the text', async () => {
    mock.enqueue({ kind: 'error-after', text: 'so far' });
    const events = await runChat(anthropic, ctx(), hi);
    expect(textOf(events)).toBe('so far');
    expect(errorOf(events)).toMatchObject({ code: 'server-error', type: 'api_error' });
    expect(anthropicErrorBody(529)).toMatchObject({ error: { type: 'overloaded_error' } });
  });

  it('lists the models with their display names', async () => {
    expect((await anthropic.listModels(ctx())).map((m) => m.id)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-6']);
  });
});

import OpenAI, { APIConnectionError, AuthenticationError } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { benchmarkScenario, estimateTokens, longMarkdownAnswer } from '../../mocks/scenario';

const KEY = 'sk-test-mock';

describe('OpenAI mock, spoken to by the official SDK', () => {
  let mock: OpenAIMock;
  let client: OpenAI;

  beforeEach(async () => {
    mock = await startOpenAIMock({ apiKey: KEY });
    client = new OpenAI({ apiKey: KEY, baseURL: mock.url, maxRetries: 0, logLevel: 'off' });
  });
  afterEach(() => mock.close());

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });

  it('echoes the last user message by default, streamed, with usage and [DONE]', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'Bonjour 👋' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Echo: Bonjour 👋');
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    const last = mock.requests.at(-1);
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect((last?.body as { model: string }).model).toBe('gpt-4o-mini');
  });

  it('answers without streaming when asked to', async () => {
    mock.enqueue({ kind: 'text', text: 'Plain answer', usage: { input: 3, output: 2 } });
    const done = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(done.choices[0]?.message.content).toBe('Plain answer');
    expect(done.usage).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
  });

  it('streams tool calls whose arguments the SDK helper reassembles', async () => {
    mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Zürich","days":3}', chunkSize: 3 });
    const runner = client.chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
    });
    const final = await runner.finalChatCompletion();
    const call = final.choices[0]?.message.tool_calls?.[0];
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Zürich","days":3}' });
  });

  it('answers non-streamed tool calls', async () => {
    mock.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'a', arguments: '{}' },
        { name: 'b', arguments: '{"x":1}', id: 'call_b' },
      ],
    });
    const done = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'go' }] });
    const calls = done.choices[0]?.message.tool_calls ?? [];
    expect(calls.map((c) => (c.type === 'function' ? c.function.name : ''))).toEqual(['a', 'b']);
    expect(calls[1]?.id).toBe('call_b');
  });

  it('refuses a wrong key with the OpenAI error shape', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: mock.url, maxRetries: 0, logLevel: 'off' });
    const failure = await wrong.models.list().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect((failure as AuthenticationError).code).toBe('invalid_api_key');
  });

  it('replies with a queued status, body and headers, once per queued time', async () => {
    mock.enqueue({ kind: 'status', status: 429, headers: { 'retry-after-ms': '1' } }, { times: 2 });
    const failing = client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    await expect(failing).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    const retrying = new OpenAI({ apiKey: KEY, baseURL: mock.url, maxRetries: 1, logLevel: 'off' });
    const ok = await retrying.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'again' }] });
    expect(ok.choices[0]?.message.content).toBe('Echo: again');
  });

  it('surfaces an in-band error frame as an error in the SDK', async () => {
    mock.enqueue({ kind: 'error-after', text: 'partial', message: 'boom' });
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('partial');
    expect(String(failure)).toContain('boom');
  });

  it('drops the connection mid-stream on drop-after', async () => {
    mock.enqueue({ kind: 'drop-after', text: 'half an ans' });
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('half an ans');
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(APIConnectionError);
  });

  it('counts a client that gives up on a hanging reply', async () => {
    mock.enqueue({ kind: 'hang-after', text: 'waiting' });
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true },
      { signal: controller.signal },
    );
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (text === 'waiting') controller.abort();
    }
    await expect.poll(() => mock.aborted).toBe(1);
  });

  it('answers CORS preflights as the real API does', async () => {
    const res = await fetch(`${mock.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'chrome-extension://abc', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('accepts any request when no key is configured', async () => {
    const open = await startOpenAIMock();
    try {
      const res = await fetch(`${open.url}/models`);
      expect(res.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('benchmark answer', () => {
  it('is about 4,000 tokens of markdown, streamed three tokens at a time every 5 ms', () => {
    const text = longMarkdownAnswer();
    expect(estimateTokens(text)).toBe(4000);
    expect(text).toContain('```ts');
    expect(text).toContain('| column | value |');
    expect(benchmarkScenario()).toMatchObject({ kind: 'text', chunkSize: 12, delayMs: 5 });
  });
});

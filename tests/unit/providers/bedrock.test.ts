import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import { bedrockAdapter } from '../../../lib/providers/bedrock/bedrock';
import { CLOCK_SKEW_LIMIT_MS } from '../../../lib/providers/bedrock/bedrock-clock';
import { credentialedFetch, type FetchLike } from '../../../lib/transport/secure-fetch';
import {
  BEDROCK_MODELS,
  BEDROCK_TEST_CREDENTIALS,
  startBedrockMock,
  type BedrockExceptionName,
  type BedrockMock,
  type BedrockMockOptions,
} from '../../mocks/bedrock-server';
import { parseAmzDate } from '../../mocks/sigv4-verify';
import { fakeClockThatRunsItself } from '../support/fake-clock';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const CLAUDE = 'anthropic.claude-3-5-haiku-20241022-v1:0';
const LLAMA = 'meta.llama3-1-8b-instruct-v1:0';
const MISTRAL = 'mistral.mistral-7b-instruct-v0:2';
const NOVA = 'amazon.nova-lite-v1:0';
const COHERE = 'cohere.command-r-plus-v1:0';

const SECRETS = { accessKeyId: BEDROCK_TEST_CREDENTIALS.accessKeyId, secretAccessKey: BEDROCK_TEST_CREDENTIALS.secretAccessKey };

function settingsFor(endpoint: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    region: 'us-east-1',
    endpointVariant: 'standard',
    endpoint,
    guardrailIdentifier: '',
    guardrailVersion: '',
    trace: 'DISABLED',
    latency: 'standard',
    ...extra,
  };
}

function bedrockContext(
  mock: BedrockMock,
  options: { secrets?: Record<string, string>; settings?: Record<string, string>; signal?: AbortSignal; fetch?: FetchLike } = {},
) {
  return providerContext(
    'bedrock',
    settingsFor(mock.url, options.settings),
    options.secrets ?? SECRETS,
    options.fetch ?? credentialedFetch(),
    options.signal,
  );
}

async function bedrockHarness(model: string, mockOptions?: BedrockMockOptions): Promise<AdapterHarness> {
  const mock = await startBedrockMock(mockOptions);
  return harnessOn(mock, {
    adapter: bedrockAdapter,
    model,
    context: (signal) => bedrockContext(mock, { signal }),
    rejectCredentials: () => bedrockContext(mock, { secrets: { ...SECRETS, secretAccessKey: 'wrong-secret' } }),
  });
}

runAdapterContract('bedrock: Claude (InvokeModel, Messages API)', () => bedrockHarness(CLAUDE));
runAdapterContract('bedrock: Llama 3 (InvokeModel prompt, Converse for tools)', () => bedrockHarness(LLAMA));
runAdapterContract('bedrock: Mistral (InvokeModel prompt, Converse for tools)', () => bedrockHarness(MISTRAL));
runAdapterContract('bedrock: Nova (InvokeModel messages-v1, Converse for tools)', () => bedrockHarness(NOVA));
runAdapterContract('bedrock: unknown family (Converse)', () => bedrockHarness(COHERE));
runAdapterContract('bedrock: through a cross-region inference profile', () => bedrockHarness(`us.${CLAUDE}`));

const hi = (model = CLAUDE): ChatRequest => ({ model, messages: [{ role: 'user', content: 'hi' }] });

/** A fetch that fails the test if anything reaches the network. */
const noNetwork: FetchLike = () => {
  throw new Error('no request may be made');
};

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('Bedrock adapter', () => {
  let mock: BedrockMock;
  const ctx = (options: Parameters<typeof bedrockContext>[1] = {}) => bedrockContext(mock, options);
  const paths = () => mock.requests.map((r) => `${r.method} ${decodeURIComponent(r.path)}`);

  beforeAll(async () => {
    mock = await startBedrockMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
    mock.signatures.length = 0;
  });

  describe('configuration', () => {
    const settings = settingsFor('');

    it("refuses a missing region with 'Region is missing', before any request", async () => {
      expect(() => bedrockAdapter.validateConfig?.({ ...settings, region: ' ' }, SECRETS, { region: ' ' })).toThrow(
        expect.objectContaining({ error: expect.objectContaining({ code: 'region-missing', message: 'Region is missing' }) }),
      );
      const events = await runChat(bedrockAdapter, providerContext('bedrock', { ...settings, region: '' }, SECRETS, noNetwork), hi());
      expect(events).toEqual([
        {
          type: 'error',
          error: expect.objectContaining({ code: 'region-missing', message: 'Region is missing', provider: 'test-bedrock' }),
        },
      ]);
    });

    it.each([[{ accessKeyId: '', secretAccessKey: 'x' }], [{ accessKeyId: 'AKIA', secretAccessKey: '  ' }], [{}]])(
      "refuses missing credentials %j with 'Credential is missing'",
      async (secrets) => {
        expect(() => bedrockAdapter.validateConfig?.(settings, secrets, settings)).toThrow(
          expect.objectContaining({ error: expect.objectContaining({ code: 'credential-missing', message: 'Credential is missing' }) }),
        );
        await expect(bedrockAdapter.listModels(providerContext('bedrock', settings, secrets, noNetwork))).rejects.toMatchObject({
          error: { code: 'credential-missing', message: 'Credential is missing' },
        });
      },
    );

    it('accepts a complete configuration, and refuses a half-configured guardrail or a plain-http remote endpoint', () => {
      expect(() => bedrockAdapter.validateConfig!(settings, SECRETS, settings)).not.toThrow();
      expect(() =>
        bedrockAdapter.validateConfig?.({ ...settings, guardrailIdentifier: 'gr-1' }, SECRETS, { guardrailIdentifier: 'gr-1' }),
      ).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'bad-request' }) }));
      expect(() =>
        bedrockAdapter.validateConfig?.({ ...settings, endpoint: 'http://bedrock.example.test' }, SECRETS, {
          endpoint: 'http://bedrock.example.test',
        }),
      ).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'insecure-url' }) }));
    });

    it.each([
      ['standard', 'https://bedrock-runtime.eu-west-3.amazonaws.com', 'https://bedrock.eu-west-3.amazonaws.com'],
      ['fips', 'https://bedrock-runtime-fips.eu-west-3.amazonaws.com', 'https://bedrock-fips.eu-west-3.amazonaws.com'],
      ['dualstack', 'https://bedrock-runtime.eu-west-3.api.aws', 'https://bedrock.eu-west-3.api.aws'],
      ['fips-dualstack', 'https://bedrock-runtime-fips.eu-west-3.api.aws', 'https://bedrock-fips.eu-west-3.api.aws'],
    ])('derives the %s endpoint from the region', async (endpointVariant, runtime, control) => {
      const seen: string[] = [];
      const spy: FetchLike = async (input) => {
        seen.push(String(input));
        return Response.json({ message: 'nope' }, { status: 400, headers: { 'x-amzn-errortype': 'ValidationException' } });
      };
      const context = providerContext('bedrock', { ...settings, region: 'eu-west-3', endpointVariant }, SECRETS, spy);
      await runChat(bedrockAdapter, context, hi());
      await bedrockAdapter.listModels(context).catch(() => undefined);
      expect(seen[0]).toBe(`${runtime}/model/${encodeURIComponent(CLAUDE)}/invoke-with-response-stream`);
      expect(seen).toContain(`${control}/foundation-models?byOutputModality=TEXT`);
    });

    it('sends the session token, signed, when there is one', async () => {
      const withToken = await startBedrockMock({ credentials: [{ ...BEDROCK_TEST_CREDENTIALS, sessionToken: 'FwoGZXIvYXdzEXAMPLE' }] });
      try {
        const events = await runChat(
          bedrockAdapter,
          bedrockContext(withToken, { secrets: { ...SECRETS, sessionToken: 'FwoGZXIvYXdzEXAMPLE' } }),
          hi(),
        );
        expect(textOf(events)).toBe('Echo: hi');
        expect(withToken.requests[0]?.headers['x-amz-security-token']).toBe('FwoGZXIvYXdzEXAMPLE');
        expect(withToken.signatures.every((s) => s.ok)).toBe(true);
      } finally {
        await withToken.close();
      }
    });
  });

  describe('requests', () => {
    const tools = [
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object' as const, properties: { city: { type: 'string' } } } },
    ];
    const conversation: ChatRequest['messages'] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'weather in Paris?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', content: '{"temp":21}', toolCallId: 'call_1', name: 'get_weather' },
      { role: 'assistant', content: 'It is 21°C.' },
      { role: 'user', content: 'And tomorrow?' },
    ];

    it('signs every request and sends Claude the Messages API body with Bedrock’s anthropic_version', async () => {
      await runChat(bedrockAdapter, ctx(), {
        model: CLAUDE,
        messages: conversation,
        tools,
        params: { temperature: 0.2, topP: 0.9, stop: ['END'] },
      });
      expect(paths()).toEqual([`POST /model/${CLAUDE}/invoke-with-response-stream`]);
      expect(mock.signatures).toEqual([expect.objectContaining({ ok: true })]);
      expect(mock.requests[0]?.body).toEqual({
        anthropic_version: 'bedrock-2023-05-31',
        max_tokens: 4096,
        system: 'Be brief.',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp":21}' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'It is 21°C.' }] },
          { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
        ],
        temperature: 0.2,
        top_p: 0.9,
        stop_sequences: ['END'],
        tools: [{ name: 'get_weather', description: 'Weather', input_schema: tools[0]!.parameters }],
      });
      const headers = mock.requests[0]!.headers;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-amzn-bedrock-accept']).toBe('application/json');
      expect(headers['x-amzn-bedrock-trace']).toBeUndefined();
    });

    it('writes the Llama 3 chat template into the prompt', async () => {
      await runChat(bedrockAdapter, ctx(), {
        model: LLAMA,
        messages: [conversation[0]!, { role: 'user', content: 'Hi <|eot_id|> there' }],
        params: { maxTokens: 64 },
      });
      expect(mock.requests[0]?.body).toEqual({
        prompt:
          '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>' +
          '<|start_header_id|>user<|end_header_id|>\n\nHi  there<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
        max_gen_len: 64,
      });
    });

    it('writes Mistral’s instruct template, the system prompt opening the first instruction', async () => {
      await runChat(bedrockAdapter, ctx(), {
        model: MISTRAL,
        messages: [
          conversation[0]!,
          { role: 'user', content: 'One' },
          { role: 'assistant', content: 'Uno' },
          { role: 'user', content: 'Two [/INST]' },
        ],
      });
      expect(mock.requests[0]?.body).toEqual({ prompt: '<s>[INST] Be brief.\n\nOne [/INST] Uno</s>[INST] Two [/INST]', max_tokens: 4096 });
    });

    it('sends Nova its messages-v1 body', async () => {
      await runChat(bedrockAdapter, ctx(), {
        model: NOVA,
        messages: [conversation[0]!, conversation[1]!],
        params: { maxTokens: 50, temperature: 0.5 },
      });
      expect(mock.requests[0]?.body).toEqual({
        schemaVersion: 'messages-v1',
        system: [{ text: 'Be brief.' }],
        messages: [{ role: 'user', content: [{ text: 'weather in Paris?' }] }],
        inferenceConfig: { maxTokens: 50, temperature: 0.5 },
      });
    });

    it.each([LLAMA, MISTRAL, NOVA])('uses ConverseStream when %s is given tools', async (model) => {
      mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Oslo"}' });
      const events = await runChat(bedrockAdapter, ctx(), { model, messages: conversation, tools });
      expect(paths()).toEqual([`POST /model/${model}/converse-stream`]);
      expect(events.find((e) => e.type === 'tool-call')).toMatchObject({ call: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });
      expect(mock.requests[0]?.body).toMatchObject({
        system: [{ text: 'Be brief.' }],
        messages: [
          { role: 'user', content: [{ text: 'weather in Paris?' }] },
          { role: 'assistant', content: [{ toolUse: { toolUseId: 'call_1', name: 'get_weather', input: { city: 'Paris' } } }] },
          { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: '{"temp":21}' }] } }] },
          { role: 'assistant', content: [{ text: 'It is 21°C.' }] },
          { role: 'user', content: [{ text: 'And tomorrow?' }] },
        ],
        toolConfig: { tools: [{ toolSpec: { name: 'get_weather', description: 'Weather', inputSchema: { json: tools[0]!.parameters } } }] },
      });
    });

    it('sends the guardrail, trace and latency settings as InvokeModel headers', async () => {
      const settings = { guardrailIdentifier: 'gr-abc123', guardrailVersion: 'DRAFT', trace: 'ENABLED', latency: 'optimized' };
      await runChat(bedrockAdapter, ctx({ settings }), hi());
      expect(mock.requests[0]?.headers).toMatchObject({
        'x-amzn-bedrock-guardrailidentifier': 'gr-abc123',
        'x-amzn-bedrock-guardrailversion': 'DRAFT',
        'x-amzn-bedrock-trace': 'ENABLED',
        'x-amzn-bedrock-performanceconfig-latency': 'optimized',
      });
      await runChat(bedrockAdapter, ctx({ settings }), hi(COHERE));
      expect(mock.requests[1]?.body).toMatchObject({
        guardrailConfig: { guardrailIdentifier: 'gr-abc123', guardrailVersion: 'DRAFT', trace: 'enabled' },
        performanceConfig: { latency: 'optimized' },
      });
    });
  });

  describe('replies', () => {
    it.each([
      [CLAUDE, 'length', 'length'],
      [LLAMA, 'length', 'length'],
      [MISTRAL, 'length', 'length'],
      [NOVA, 'length', 'length'],
      [COHERE, 'length', 'length'],
    ])('maps %s running out of tokens to finish %s', async (model, finishReason, reason) => {
      mock.enqueue({ kind: 'text', text: 'cut sh', finishReason });
      expect(finishOf(await runChat(bedrockAdapter, ctx(), hi(model)))).toBe(reason);
    });

    it('takes usage from Bedrock’s invocation metrics when the family reports none (Mistral)', async () => {
      mock.enqueue({ kind: 'text', text: 'Counted.', usage: { input: 12, output: 3 } });
      const events = await runChat(bedrockAdapter, ctx(), hi(MISTRAL));
      expect(events.find((e) => e.type === 'usage')).toEqual({ type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } });
    });

    it('asks once more without streaming when the model does not stream (InvokeModel and Converse)', async () => {
      const nonStreaming = await startBedrockMock({
        models: [
          ...BEDROCK_MODELS,
          { id: 'anthropic.claude-instant-v1', name: 'Claude Instant', provider: 'Anthropic', format: 'claude', streaming: false },
        ],
      });
      try {
        const claude = await runChat(bedrockAdapter, bedrockContext(nonStreaming), {
          ...hi('anthropic.claude-instant-v1'),
          tools: [{ name: 'f', description: '', parameters: { type: 'object' } }],
        });
        expect(textOf(claude)).toBe('Echo: hi');
        expect(finishOf(claude)).toBe('stop');
        const converse = await runChat(bedrockAdapter, bedrockContext(nonStreaming), hi('ai21.j2-ultra-v1'));
        expect(textOf(converse)).toBe('Echo: hi');
        expect(nonStreaming.requests.map((r) => decodeURIComponent(r.path).split('/').pop())).toEqual([
          'invoke-with-response-stream',
          'invoke',
          'converse-stream',
          'converse',
        ]);
      } finally {
        await nonStreaming.close();
      }
    });

    it('reads tool calls from a non-streamed Claude reply', async () => {
      const nonStreaming = await startBedrockMock({
        models: [{ id: 'anthropic.claude-instant-v1', name: 'Claude Instant', provider: 'Anthropic', format: 'claude', streaming: false }],
      });
      try {
        nonStreaming.enqueue({ kind: 'tool-call', name: 'lookup', arguments: '{"q":"bedrock"}', id: 'toolu_9' });
        const events = await runChat(bedrockAdapter, bedrockContext(nonStreaming), hi('anthropic.claude-instant-v1'));
        expect(events.filter((e) => e.type === 'tool-call')).toEqual([
          { type: 'tool-call', call: { id: 'toolu_9', name: 'lookup', arguments: '{"q":"bedrock"}' } },
        ]);
        expect(finishOf(events)).toBe('tool-calls');
      } finally {
        await nonStreaming.close();
      }
    });

    it('lists on-demand text models and inference profiles, labelled, without embeddings or profile-only ids', async () => {
      const models = await bedrockAdapter.listModels(ctx());
      const ids = models.map((m) => m.id);
      expect(ids).toContain(CLAUDE);
      expect(ids).toContain(`us.${CLAUDE}`);
      expect(ids).toContain('us.anthropic.claude-sonnet-4-20250514-v1:0');
      expect(ids).not.toContain('anthropic.claude-sonnet-4-20250514-v1:0');
      expect(ids).not.toContain('amazon.titan-embed-text-v2:0');
      expect(models.find((m) => m.id === NOVA)?.label).toBe('Nova Lite');
      expect(ids).toEqual([...ids].sort());
      expect(paths()).toEqual([
        'GET /foundation-models?byOutputModality=TEXT',
        'GET /inference-profiles?maxResults=1000&type=SYSTEM_DEFINED',
      ]);
      expect(mock.signatures.every((s) => s.ok)).toBe(true);
    });

    it('reports the exact failure of the model listing', async () => {
      mock.enqueue(
        { kind: 'exception', exception: 'AccessDeniedException', message: 'not authorized to perform: bedrock:ListFoundationModels' },
        { route: 'models' },
      );
      const failure = await bedrockAdapter.listModels(ctx()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ChatFailure);
      expect((failure as ChatFailure).error).toMatchObject({
        code: 'forbidden',
        type: 'AccessDeniedException',
        status: 403,
        message: 'not authorized to perform: bedrock:ListFoundationModels',
      });
      const wrong = await bedrockAdapter.listModels(ctx({ secrets: { ...SECRETS, secretAccessKey: 'wrong' } })).catch((e: unknown) => e);
      expect((wrong as ChatFailure).error).toMatchObject({ code: 'unauthorized', type: 'InvalidSignatureException' });
    });
  });

  describe('errors', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    const httpCases: [BedrockExceptionName, string][] = [
      ['AccessDeniedException', 'forbidden'],
      ['InternalServerException', 'server-error'],
      ['ResourceNotFoundException', 'not-found'],
      ['ServiceQuotaExceededException', 'quota-exceeded'],
      ['ThrottlingException', 'rate-limited'],
      ['ValidationException', 'bad-request'],
      ['ModelErrorException', 'model-error'],
      ['ModelNotReadyException', 'model-not-ready'],
      ['ModelTimeoutException', 'timeout'],
      ['ServiceUnavailableException', 'service-unavailable'],
      ['ModelStreamErrorException', 'model-stream-error'],
      ['ConflictException', 'conflict'],
    ];

    it.each(httpCases)('maps %s over HTTP to %s, keeping the type', async (exception, code) => {
      mock.enqueue({ kind: 'exception', exception, message: `${exception} says no` }, { times: 3 });
      const events = await runChat(bedrockAdapter, ctx(), hi());
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code, type: exception, message: `${exception} says no`, provider: 'test-bedrock' });
    });

    it('keeps ModelError’s original status and resource name in the message', async () => {
      mock.enqueue({
        kind: 'exception',
        exception: 'ModelErrorException',
        message: 'The model returned an error',
        originalStatusCode: 503,
        resourceName: 'arn:aws:sagemaker:endpoint/x',
      });
      expect(errorOf(await runChat(bedrockAdapter, ctx(), hi()))).toMatchObject({
        code: 'model-error',
        status: 424,
        message: 'The model returned an error (original status 503; resource: arn:aws:sagemaker:endpoint/x)',
      });
    });

    it("maps a missing model to 'model-not-found'", async () => {
      expect(errorOf(await runChat(bedrockAdapter, ctx(), hi('anthropic.claude-nope-v1:0')))).toMatchObject({
        code: 'model-not-found',
        type: 'ValidationException',
      });
      mock.enqueue({ kind: 'exception', exception: 'ResourceNotFoundException', message: 'Model not found.' });
      expect(errorOf(await runChat(bedrockAdapter, ctx(), hi()))).toMatchObject({
        code: 'model-not-found',
        type: 'ResourceNotFoundException',
      });
    });

    const streamCases: [BedrockExceptionName, string][] = [
      ['InternalServerException', 'server-error'],
      ['ModelStreamErrorException', 'model-stream-error'],
      ['ValidationException', 'bad-request'],
      ['ThrottlingException', 'rate-limited'],
      ['ModelTimeoutException', 'timeout'],
      ['ServiceUnavailableException', 'service-unavailable'],
    ];

    it.each(streamCases)('maps an in-stream %s event to %s, keeping the text before it and never retrying', async (exception, code) => {
      mock.enqueue({
        kind: 'exception',
        exception,
        message: 'mid-stream',
        afterText: 'Half of it',
        originalStatusCode: 500,
        originalMessage: 'socket hang up',
      });
      const events = await runChat(bedrockAdapter, ctx(), hi());
      expect(textOf(events)).toBe('Half of it');
      expect(errorOf(events)).toMatchObject({ code, type: exception });
      expect(errorOf(events)?.status).toBeUndefined();
      expect(mock.requests).toHaveLength(1);
      if (exception === 'ModelStreamErrorException')
        expect(errorOf(events)?.message).toBe('mid-stream (original status 500; original message: socket hang up)');
    });

    it.each([COHERE, NOVA])('maps in-stream Converse / Nova errors the same way (%s)', async (model) => {
      mock.enqueue({ kind: 'exception', exception: 'ThrottlingException', message: 'slow down', afterText: 'Partial' });
      const events = await runChat(bedrockAdapter, ctx(), hi(model));
      expect(textOf(events)).toBe('Partial');
      expect(errorOf(events)).toMatchObject({ code: 'rate-limited', type: 'ThrottlingException', retryable: true });
    });

    it("turns a wrong secret into 'unauthorized' and an unknown key likewise, with AWS's type", async () => {
      const wrong = errorOf(await runChat(bedrockAdapter, ctx({ secrets: { ...SECRETS, secretAccessKey: 'nope' } }), hi()));
      expect(wrong).toMatchObject({ code: 'unauthorized', type: 'InvalidSignatureException', status: 403 });
      const unknown = errorOf(await runChat(bedrockAdapter, ctx({ secrets: { accessKeyId: 'AKIAOTHER', secretAccessKey: 'x' } }), hi()));
      expect(unknown).toMatchObject({ code: 'unauthorized', type: 'UnrecognizedClientException' });
      expect(mock.requests).toHaveLength(2);
    });

    it('keeps the status of an error reply that is not JSON (a proxy’s page), after retrying a 502', async () => {
      const spy = vi.fn<FetchLike>(
        async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      );
      const events = await runChat(
        bedrockAdapter,
        providerContext('bedrock', settingsFor('https://bedrock.example.test'), SECRETS, spy),
        hi(),
      );
      expect(errorOf(events)).toMatchObject({ code: 'server-error', status: 502 });
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it('maps the SDK’s own configuration messages to their codes', async () => {
      const { bedrockChatError } = await import('../../../lib/providers/bedrock/bedrock-errors');
      expect(bedrockChatError(new Error('Invalid Configuration: Missing Region'))).toMatchObject({ code: 'region-missing' });
      expect(bedrockChatError(new Error('Region is missing'))).toMatchObject({ code: 'region-missing' });
      expect(bedrockChatError(new Error('Credential is missing'))).toMatchObject({ code: 'credential-missing' });
      expect(bedrockChatError(new Error('Truncated event message received.'))).toMatchObject({ code: 'network' });
      expect(bedrockChatError(new Error('The message checksum (1) did not match the expected value of 2'))).toMatchObject({
        code: 'malformed-stream',
      });
    });
  });

  describe('retries', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    it('retries throttling (429) twice and succeeds on the third attempt', async () => {
      mock.enqueue({ kind: 'exception', exception: 'ThrottlingException', message: 'Too many requests' }, { times: 2 });
      const events = await runChat(bedrockAdapter, ctx(), hi());
      expect(textOf(events)).toBe('Echo: hi');
      expect(mock.requests.map((r) => r.headers['amz-sdk-request'])).toEqual(['attempt=1; max=3', 'attempt=2; max=3', 'attempt=3; max=3']);
    });

    it.each([500, 502, 503, 504])('retries status %i up to three attempts', async (status) => {
      mock.enqueue({ kind: 'status', status }, { times: 3 });
      const events = await runChat(bedrockAdapter, ctx(), hi());
      expect(errorOf(events)).toMatchObject({ status, retryable: true });
      expect(mock.requests).toHaveLength(3);
    });

    it.each<[BedrockExceptionName | number, number]>([
      ['ValidationException', 1],
      ['AccessDeniedException', 1],
      ['ModelErrorException', 1],
      [501, 1],
    ])('does not retry %s', async (failure, attempts) => {
      mock.enqueue(typeof failure === 'number' ? { kind: 'status', status: failure } : { kind: 'exception', exception: failure }, {
        times: 3,
      });
      await runChat(bedrockAdapter, ctx(), hi());
      expect(mock.requests).toHaveLength(attempts);
    });

    it('retries network failures, then reports them', async () => {
      const spy = vi.fn<FetchLike>(() =>
        Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }),
        ),
      );
      const events = await runChat(bedrockAdapter, providerContext('bedrock', settingsFor(await closedPortUrl()), SECRETS, spy), hi());
      expect(errorOf(events)).toMatchObject({ code: 'network', retryable: true });
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it('corrects a clock more than five minutes off, for streaming calls too', async () => {
      const ahead = await startBedrockMock({ clockOffsetMs: 10 * 60_000 });
      try {
        const events = await runChat(bedrockAdapter, bedrockContext(ahead), hi());
        expect(textOf(events)).toBe('Echo: hi');
        expect(ahead.signatures.map((s) => s.ok)).toEqual([false, true]);
        expect(ahead.signatures[0]?.failure?.message).toMatch(/^Signature expired/);
        const signedAt = parseAmzDate(String(ahead.requests[1]?.headers['x-amz-date']))!.getTime();
        expect(Math.abs(signedAt - (Date.now() + 10 * 60_000))).toBeLessThan(60_000);
        // The correction is remembered: the next call is signed right the first time.
        await runChat(bedrockAdapter, bedrockContext(ahead), hi());
        expect(ahead.signatures.map((s) => s.ok)).toEqual([false, true, true]);
      } finally {
        await ahead.close();
      }
    });

    it('leaves a clock less than five minutes off alone', async () => {
      const near = await startBedrockMock({ clockOffsetMs: 3 * 60_000 });
      try {
        await runChat(bedrockAdapter, bedrockContext(near), hi());
        await runChat(bedrockAdapter, bedrockContext(near), hi());
        const signedAt = parseAmzDate(String(near.requests[1]?.headers['x-amz-date']))!.getTime();
        expect(Math.abs(signedAt - Date.now())).toBeLessThan(CLOCK_SKEW_LIMIT_MS - 3 * 60_000);
        expect(near.signatures.every((s) => s.ok)).toBe(true);
      } finally {
        await near.close();
      }
    });

    it('corrects the clock for the model listing too', async () => {
      const behind = await startBedrockMock({ clockOffsetMs: -20 * 60_000 });
      try {
        expect((await bedrockAdapter.listModels(bedrockContext(behind))).length).toBeGreaterThan(0);
        expect(behind.signatures.filter((s) => !s.ok).length).toBeGreaterThan(0);
        expect(behind.signatures.at(-1)?.ok).toBe(true);
      } finally {
        await behind.close();
      }
    });
  });
});

describe('Bedrock event streams in a service worker', () => {
  it('reads streams through the protocol’s up-front event-stream loader, never the SDK’s dynamic import()', async () => {
    const { AwsRestJsonProtocol } = await import('@aws-sdk/core/protocols');
    const { ServiceWorkerRestJsonProtocol } = await import('../../../lib/providers/bedrock/bedrock-protocol');
    // The override only helps while the SDK still loads event streams through this method.
    expect(typeof (AwsRestJsonProtocol.prototype as unknown as Record<string, unknown>).loadEventStreamCapability).toBe('function');
    const loader = vi.spyOn(
      ServiceWorkerRestJsonProtocol.prototype as unknown as { loadEventStreamCapability: () => Promise<unknown> },
      'loadEventStreamCapability',
    );
    const mock = await startBedrockMock();
    try {
      expect(textOf(await runChat(bedrockAdapter, bedrockContext(mock), hi()))).toBe('Echo: hi');
      expect(textOf(await runChat(bedrockAdapter, bedrockContext(mock), hi(COHERE)))).toBe('Echo: hi');
      expect(loader).toHaveBeenCalledTimes(2);
    } finally {
      loader.mockRestore();
      await mock.close();
    }
  });
});

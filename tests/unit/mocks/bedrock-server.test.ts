import { Sha256 } from '@aws-crypto/sha256-js';
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  BedrockRuntimeServiceException,
  ConflictException,
  ConverseCommand,
  ConverseStreamCommand,
  InternalServerException,
  InvokeModelCommand,
  InvokeModelWithResponseStreamCommand,
  ModelErrorException,
  ModelNotReadyException,
  ModelStreamErrorException,
  ModelTimeoutException,
  ResourceNotFoundException,
  ServiceQuotaExceededException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BEDROCK_TEST_CREDENTIALS,
  EXCEPTION_STATUS,
  startBedrockMock,
  type BedrockExceptionName,
  type BedrockMock,
} from '../../mocks/bedrock-server';
import { parseAmzDate } from '../../mocks/sigv4-verify';

const CLAUDE = 'anthropic.claude-3-5-haiku-20241022-v1:0';
const utf8 = new TextDecoder();
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const claudeBody = (text: string) =>
  json({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, messages: [{ role: 'user', content: [{ type: 'text', text }] }] });

/** The official client, with the SDK's own Node HTTP/1.1 handler (the default one speaks HTTP/2 only). */
function sdkClient(mock: BedrockMock, credentials = BEDROCK_TEST_CREDENTIALS, maxAttempts = 1): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: mock.region,
    endpoint: mock.url,
    credentials,
    maxAttempts,
    requestHandler: new NodeHttpHandler(),
  });
}

async function chunksOf(body: AsyncIterable<{ chunk?: { bytes?: Uint8Array } }> | undefined): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const event of body ?? [])
    if (event.chunk?.bytes) out.push(JSON.parse(utf8.decode(event.chunk.bytes)) as Record<string, unknown>);
  return out;
}

describe('Bedrock mock, spoken to by the official SDK', () => {
  let mock: BedrockMock;
  let client: BedrockRuntimeClient;

  beforeAll(async () => {
    mock = await startBedrockMock();
    client = sdkClient(mock);
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
    mock.signatures.length = 0;
    mock.clockOffsetMs = 0;
  });

  it('answers InvokeModel with a raw Claude message and verifies the signature', async () => {
    mock.enqueue({ kind: 'text', text: 'Plain answer', usage: { input: 5, output: 2 } });
    const out = await client.send(
      new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi'), contentType: 'application/json', accept: 'application/json' }),
    );
    expect(JSON.parse(utf8.decode(out.body))).toMatchObject({
      type: 'message',
      content: [{ type: 'text', text: 'Plain answer' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 5, output_tokens: 2 },
    });
    expect(out.contentType).toBe('application/json');
    expect(mock.signatures).toEqual([{ method: 'POST', path: `/model/${encodeURIComponent(CLAUDE)}/invoke`, ok: true }]);
    expect(String(mock.requests[0]?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAMOCKBEDROCK12345\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-content-sha256;x-amz-date/,
    );
  });

  it('streams Claude events as chunk messages of the AWS event stream', async () => {
    mock.enqueue({ kind: 'text', text: 'Hello, wörld 👋', chunkSize: 3, usage: { input: 9, output: 4 } });
    const out = await client.send(
      new InvokeModelWithResponseStreamCommand({ modelId: CLAUDE, body: claudeBody('hi'), contentType: 'application/json' }),
    );
    const chunks = await chunksOf(out.body);
    expect(chunks.map((c) => c.type)).toEqual([
      'message_start',
      'content_block_start',
      ...Array(5).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(chunks.map((c) => (c.delta as { text?: string } | undefined)?.text ?? '').join('')).toBe('Hello, wörld 👋');
    expect(chunks.at(-1)?.['amazon-bedrock-invocationMetrics']).toMatchObject({ inputTokenCount: 9, outputTokenCount: 4 });
    expect(mock.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('streams Claude tool_use blocks whose input arrives as input_json_delta fragments', async () => {
    mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Zürich"}', id: 'toolu_1', chunkSize: 5 });
    const out = await client.send(new InvokeModelWithResponseStreamCommand({ modelId: CLAUDE, body: claudeBody('weather?') }));
    const chunks = await chunksOf(out.body);
    expect(chunks.find((c) => c.type === 'content_block_start' && c.index === 1)?.content_block).toEqual({
      type: 'tool_use',
      id: 'toolu_1',
      name: 'get_weather',
      input: {},
    });
    const partial = chunks.flatMap((c) =>
      (c.delta as { type?: string })?.type === 'input_json_delta' ? [(c.delta as { partial_json: string }).partial_json] : [],
    );
    expect(partial.length).toBeGreaterThan(1);
    expect(partial.join('')).toBe('{"city":"Zürich"}');
    expect((chunks.find((c) => c.type === 'message_delta')?.delta as { stop_reason: string }).stop_reason).toBe('tool_use');
  });

  it.each([
    [
      'meta.llama3-1-8b-instruct-v1:0',
      {
        prompt:
          '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nSalut<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
        max_gen_len: 50,
      },
      (c: Record<string, unknown>) => c.generation,
    ],
    [
      'mistral.mistral-7b-instruct-v0:2',
      { prompt: '<s>[INST] Be brief.\n\nSalut [/INST]', max_tokens: 50 },
      (c: Record<string, unknown>) => (c.outputs as { text: string }[])[0]?.text,
    ],
    [
      'amazon.nova-lite-v1:0',
      { schemaVersion: 'messages-v1', messages: [{ role: 'user', content: [{ text: 'Salut' }] }] },
      (c: Record<string, unknown>) => (c.contentBlockDelta as { delta: { text: string } } | undefined)?.delta.text,
    ],
  ])('streams %s in its native format, echoing the last user text', async (modelId, body, textOf) => {
    const out = await client.send(new InvokeModelWithResponseStreamCommand({ modelId, body: json(body) }));
    const chunks = await chunksOf(out.body);
    expect(chunks.map((c) => textOf(c) ?? '').join('')).toBe('Echo: Salut');
    expect(chunks.at(-1)?.['amazon-bedrock-invocationMetrics']).toBeDefined();
  });

  it('ends Llama and Mistral streams with their stop_reason', async () => {
    const llama = await chunksOf(
      (
        await client.send(
          new InvokeModelWithResponseStreamCommand({ modelId: 'meta.llama3-1-8b-instruct-v1:0', body: json({ prompt: 'x' }) }),
        )
      ).body,
    );
    expect(llama.at(-1)).toMatchObject({ stop_reason: 'stop' });
    mock.enqueue({ kind: 'text', text: 'cut', finishReason: 'length' });
    const mistral = await chunksOf(
      (
        await client.send(
          new InvokeModelWithResponseStreamCommand({ modelId: 'mistral.mistral-7b-instruct-v0:2', body: json({ prompt: 'x' }) }),
        )
      ).body,
    );
    expect(mistral.at(-1)).toMatchObject({ outputs: [{ text: '', stop_reason: 'length' }] });
  });

  it('streams Converse events, tool use included, to ConverseStream', async () => {
    mock.enqueue({
      kind: 'tool-calls',
      text: 'Checking.',
      calls: [
        { name: 'a', arguments: '{"x":1}' },
        { name: 'b', arguments: '{}' },
      ],
      chunkSize: 3,
    });
    const out = await client.send(
      new ConverseStreamCommand({ modelId: 'cohere.command-r-plus-v1:0', messages: [{ role: 'user', content: [{ text: 'go' }] }] }),
    );
    const events: Record<string, unknown>[] = [];
    for await (const e of out.stream ?? []) events.push(e as unknown as Record<string, unknown>);
    const names = events.map((e) => Object.keys(e).find((k) => k !== '$unknown'));
    expect(names[0]).toBe('messageStart');
    expect(names.slice(-2)).toEqual(['messageStop', 'metadata']);
    expect(
      events
        .filter((e) => e.contentBlockStart)
        .map((e) => (e.contentBlockStart as { start: { toolUse: { name: string } } }).start.toolUse.name),
    ).toEqual(['a', 'b']);
    const text = events.map((e) => (e.contentBlockDelta as { delta?: { text?: string } } | undefined)?.delta?.text ?? '').join('');
    expect(text).toBe('Checking.');
    expect(events.find((e) => e.messageStop)).toEqual({ messageStop: { stopReason: 'tool_use' } });
    expect((events.at(-1)?.metadata as { usage: { inputTokens: number } }).usage.inputTokens).toBeGreaterThan(0);
  });

  it('answers Converse without streaming', async () => {
    const out = await client.send(
      new ConverseCommand({ modelId: 'ai21.j2-ultra-v1', messages: [{ role: 'user', content: [{ text: 'Bonjour' }] }] }),
    );
    expect(out.output?.message?.content).toEqual([{ text: 'Echo: Bonjour' }]);
    expect(out.stopReason).toBe('end_turn');
  });

  it('refuses to stream a model that does not stream, as Bedrock does', async () => {
    const send = client.send(
      new ConverseStreamCommand({ modelId: 'ai21.j2-ultra-v1', messages: [{ role: 'user', content: [{ text: 'x' }] }] }),
    );
    await expect(send).rejects.toBeInstanceOf(ValidationException);
    await expect(send).rejects.toMatchObject({ message: 'The model is unsupported for streaming.' });
  });

  it('sends an in-stream throttlingException event after some text', async () => {
    mock.enqueue({
      kind: 'exception',
      exception: 'ThrottlingException',
      message: 'Too many tokens, please wait.',
      afterText: 'Partial answer',
    });
    const out = await client.send(new InvokeModelWithResponseStreamCommand({ modelId: CLAUDE, body: claudeBody('hi') }));
    let text = '';
    let caught: unknown;
    try {
      for await (const event of out.body ?? []) {
        const chunk = event.chunk?.bytes ? (JSON.parse(utf8.decode(event.chunk.bytes)) as { delta?: { text?: string } }) : {};
        text += chunk.delta?.text ?? '';
      }
    } catch (e) {
      caught = e;
    }
    expect(text).toBe('Partial answer');
    expect(caught).toBeInstanceOf(ThrottlingException);
    expect(caught).toMatchObject({ name: 'ThrottlingException', message: 'Too many tokens, please wait.' });
  });

  it('sends an in-stream modelStreamErrorException with the original status and message', async () => {
    mock.enqueue({
      kind: 'exception',
      exception: 'ModelStreamErrorException',
      message: 'Model stream failed',
      originalStatusCode: 500,
      originalMessage: 'upstream reset',
      afterText: 'Hi',
    });
    const out = await client.send(new InvokeModelWithResponseStreamCommand({ modelId: CLAUDE, body: claudeBody('hi') }));
    await expect(chunksOf(out.body)).rejects.toMatchObject({
      name: 'ModelStreamErrorException',
      originalStatusCode: 500,
      originalMessage: 'upstream reset',
    });
  });

  const exceptions: [BedrockExceptionName, new (...args: never[]) => BedrockRuntimeServiceException][] = [
    ['AccessDeniedException', AccessDeniedException],
    ['InternalServerException', InternalServerException],
    ['ResourceNotFoundException', ResourceNotFoundException],
    ['ServiceQuotaExceededException', ServiceQuotaExceededException],
    ['ThrottlingException', ThrottlingException],
    ['ValidationException', ValidationException],
    ['ModelErrorException', ModelErrorException],
    ['ModelNotReadyException', ModelNotReadyException],
    ['ModelTimeoutException', ModelTimeoutException],
    ['ServiceUnavailableException', ServiceUnavailableException],
    ['ModelStreamErrorException', ModelStreamErrorException],
    ['ConflictException', ConflictException],
  ];

  it.each(exceptions)('answers %s over HTTP with its status, type header and fields', async (exception, type) => {
    mock.enqueue({ kind: 'exception', exception, message: `${exception} happened`, originalStatusCode: 503, resourceName: 'arn:model' });
    const send = client.send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }));
    await expect(send).rejects.toBeInstanceOf(type);
    const error = (await send.catch((e: unknown) => e)) as BedrockRuntimeServiceException & { originalStatusCode?: number };
    expect(error.message).toBe(`${exception} happened`);
    expect(error.$metadata.httpStatusCode).toBe(EXCEPTION_STATUS[exception]);
    if (exception === 'ModelErrorException') expect(error).toMatchObject({ originalStatusCode: 503, resourceName: 'arn:model' });
  });

  it('refuses a wrong secret with InvalidSignatureException and an unknown key with UnrecognizedClientException', async () => {
    const wrong = sdkClient(mock, { ...BEDROCK_TEST_CREDENTIALS, secretAccessKey: 'not-the-secret' });
    await expect(wrong.send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
      message: expect.stringContaining('does not match the signature you provided'),
    });
    const unknown = sdkClient(mock, { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'x' });
    await expect(unknown.send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    expect(mock.signatures.map((s) => s.ok)).toEqual([false, false]);
  });

  it('checks the session token and the payload hash', async () => {
    const withToken = await startBedrockMock({ credentials: [{ ...BEDROCK_TEST_CREDENTIALS, sessionToken: 'token-1' }] });
    try {
      await expect(
        sdkClient(withToken, { ...BEDROCK_TEST_CREDENTIALS, sessionToken: 'token-1' }).send(
          new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }),
        ),
      ).resolves.toBeDefined();
      await expect(sdkClient(withToken).send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }))).rejects.toMatchObject({
        name: 'UnrecognizedClientException',
      });
    } finally {
      await withToken.close();
    }
    const signer = new SignatureV4({ credentials: BEDROCK_TEST_CREDENTIALS, region: 'us-east-1', service: 'bedrock', sha256: Sha256 });
    const url = new URL(`${mock.url}/model/${encodeURIComponent(CLAUDE)}/invoke`);
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host },
      body: '{"a":1}',
    });
    const res = await fetch(url, { method: 'POST', headers: signed.headers as Record<string, string>, body: '{"a":2}' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toMatch(/^XAmzContentSHA256Mismatch/);
  });

  it('rejects a signature made more than five minutes off its clock, and the SDK recovers from the Date header', async () => {
    mock.clockOffsetMs = 10 * 60_000;
    const send = sdkClient(mock).send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }));
    await expect(send).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: expect.stringMatching(/^Signature not yet current|^Signature expired/),
    });
    // With retries, the SDK's own skew correction (non-streaming calls) signs again with the server's time.
    const retrying = sdkClient(mock, BEDROCK_TEST_CREDENTIALS, 3);
    await expect(retrying.send(new InvokeModelCommand({ modelId: CLAUDE, body: claudeBody('hi') }))).resolves.toMatchObject({
      $metadata: { attempts: 2 },
    });
    const lastDate = parseAmzDate(String(mock.requests.at(-1)?.headers['x-amz-date']));
    expect(Math.abs((lastDate?.getTime() ?? 0) - (Date.now() + mock.clockOffsetMs))).toBeLessThan(60_000);
  });

  it('validates native bodies like Bedrock does', async () => {
    const send = client.send(new InvokeModelCommand({ modelId: CLAUDE, body: json({ max_tokens: 10, messages: [], model: 'x' }) }));
    await expect(send).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringContaining('required key [anthropic_version] not found'),
    });
    await expect(client.send(new InvokeModelCommand({ modelId: 'no.such-model', body: json({}) }))).rejects.toMatchObject({
      message: 'The provided model identifier is invalid.',
    });
    await expect(
      client.send(new InvokeModelCommand({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', body: claudeBody('x') })),
    ).rejects.toMatchObject({
      message: expect.stringContaining('with on-demand throughput isn’t supported'),
    });
    await expect(
      client.send(new InvokeModelCommand({ modelId: 'us.anthropic.claude-sonnet-4-20250514-v1:0', body: claudeBody('x') })),
    ).resolves.toBeDefined();
  });

  it('cuts the connection mid-stream on drop-after', async () => {
    mock.enqueue({ kind: 'drop-after', text: 'half an answ' });
    const out = await client.send(new InvokeModelWithResponseStreamCommand({ modelId: CLAUDE, body: claudeBody('hi') }));
    await expect(chunksOf(out.body)).rejects.toThrow();
  });

  it('lists foundation models and inference profiles on the control plane, signed', async () => {
    const signer = new SignatureV4({ credentials: BEDROCK_TEST_CREDENTIALS, region: 'us-east-1', service: 'bedrock', sha256: Sha256 });
    const get = async (path: string, query: Record<string, string> = {}) => {
      const url = new URL(mock.url);
      const signed = await signer.sign({
        method: 'GET',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path,
        query,
        headers: { host: url.host },
      });
      const qs = new URLSearchParams(query).toString();
      return (
        await fetch(`${mock.url}${path}${qs ? `?${qs}` : ''}`, { headers: signed.headers as Record<string, string> })
      ).json() as Promise<Record<string, unknown[]>>;
    };
    const models = await get('/foundation-models', { byOutputModality: 'TEXT' });
    expect(models.modelSummaries?.map((m) => (m as { modelId: string }).modelId)).toContain(CLAUDE);
    expect(models.modelSummaries?.map((m) => (m as { modelId: string }).modelId)).not.toContain('amazon.titan-embed-text-v2:0');
    const profiles = await get('/inference-profiles', { type: 'SYSTEM_DEFINED' });
    expect(profiles.inferenceProfileSummaries?.[0]).toMatchObject({ inferenceProfileId: `us.${CLAUDE}`, status: 'ACTIVE' });
    expect(mock.signatures.every((s) => s.ok)).toBe(true);
  });
});

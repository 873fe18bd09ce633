/**
 * A local stand-in for Amazon Bedrock, speaking its real REST protocol:
 * the runtime's POST /model/{id}/invoke, /invoke-with-response-stream,
 * /converse and /converse-stream (streams in the binary AWS event-stream
 * format, application/vnd.amazon.eventstream), and the control plane's
 * GET /foundation-models and /inference-profiles. Every request's SigV4
 * signature is recomputed with the known secret and refused like AWS refuses
 * it. Each model answers in its family's native format.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import {
  chunkText,
  clientGone,
  dropConnection,
  estimateTokens,
  lastUserText,
  sleep,
  startMockHttpServer,
  toolCallsOf,
  waitForClientClose,
  type EnqueueOptions,
  type MockRoute,
  type MockToolCall,
  type MockUsage,
  type RecordedRequest,
  type Scenario,
} from './scenario';
import { verifySigV4, type AwsCredentials, type SigV4Failure } from './sigv4-verify';
import { imageProblem } from './image-parts';

export type BedrockExceptionName =
  | 'AccessDeniedException'
  | 'InternalServerException'
  | 'ResourceNotFoundException'
  | 'ServiceQuotaExceededException'
  | 'ThrottlingException'
  | 'ValidationException'
  | 'ModelErrorException'
  | 'ModelNotReadyException'
  | 'ModelTimeoutException'
  | 'ServiceUnavailableException'
  | 'ModelStreamErrorException'
  | 'ConflictException';

/** The HTTP status each exception is sent with, as the Bedrock Runtime model declares it. */
export const EXCEPTION_STATUS: Record<BedrockExceptionName, number> = {
  AccessDeniedException: 403,
  InternalServerException: 500,
  ResourceNotFoundException: 404,
  ServiceQuotaExceededException: 400,
  ThrottlingException: 429,
  ValidationException: 400,
  ModelErrorException: 424,
  ModelNotReadyException: 429,
  ModelTimeoutException: 408,
  ServiceUnavailableException: 503,
  ModelStreamErrorException: 424,
  ConflictException: 400,
};

/** A Bedrock exception, as an HTTP reply or, with `afterText`, as an error event after some streamed text. */
export interface ExceptionScenario {
  kind: 'exception';
  exception: BedrockExceptionName;
  message?: string;
  originalStatusCode?: number;
  resourceName?: string;
  originalMessage?: string;
  afterText?: string;
}

export type BedrockScenario = Scenario | ExceptionScenario;

export type ModelFormat = 'claude' | 'llama' | 'mistral' | 'nova' | 'converse';

export interface MockModel {
  id: string;
  name: string;
  provider: string;
  /** The native InvokeModel format; 'converse' models answer Converse only. */
  format: ModelFormat;
  output?: 'TEXT' | 'EMBEDDING';
  /** False: both streaming operations refuse it, as Bedrock does for some models. */
  streaming?: boolean;
  /** Reachable only through one of its inference profiles. */
  profileOnly?: boolean;
  profiles?: string[];
}

export const BEDROCK_MODELS: readonly MockModel[] = [
  {
    id: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    name: 'Claude 3.5 Haiku',
    provider: 'Anthropic',
    format: 'claude',
    profiles: ['us.anthropic.claude-3-5-haiku-20241022-v1:0'],
  },
  {
    id: 'anthropic.claude-sonnet-4-20250514-v1:0',
    name: 'Claude Sonnet 4',
    provider: 'Anthropic',
    format: 'claude',
    profileOnly: true,
    profiles: ['us.anthropic.claude-sonnet-4-20250514-v1:0'],
  },
  { id: 'meta.llama3-1-8b-instruct-v1:0', name: 'Llama 3.1 8B Instruct', provider: 'Meta', format: 'llama' },
  { id: 'mistral.mistral-7b-instruct-v0:2', name: 'Mistral 7B Instruct', provider: 'Mistral AI', format: 'mistral' },
  { id: 'amazon.nova-lite-v1:0', name: 'Nova Lite', provider: 'Amazon', format: 'nova', profiles: ['us.amazon.nova-lite-v1:0'] },
  { id: 'cohere.command-r-plus-v1:0', name: 'Command R+', provider: 'Cohere', format: 'converse' },
  { id: 'ai21.j2-ultra-v1', name: 'Jurassic-2 Ultra', provider: 'AI21 Labs', format: 'converse', streaming: false },
  { id: 'amazon.titan-embed-text-v2:0', name: 'Titan Text Embeddings V2', provider: 'Amazon', format: 'converse', output: 'EMBEDDING' },
];

export const BEDROCK_TEST_CREDENTIALS: AwsCredentials = {
  accessKeyId: 'AKIAMOCKBEDROCK12345',
  secretAccessKey: 'mockSecret/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

export interface BedrockMockOptions {
  region?: string;
  credentials?: readonly AwsCredentials[];
  /** How far the server's clock is ahead of this machine's (negative: behind). */
  clockOffsetMs?: number;
  models?: readonly MockModel[];
}

export interface SignatureCheck {
  method: string;
  path: string;
  ok: boolean;
  failure?: SigV4Failure;
}

export interface BedrockMock {
  /** http://127.0.0.1:PORT: the custom endpoint to configure. */
  url: string;
  origin: string;
  region: string;
  requests: RecordedRequest[];
  /** One entry per request that needed a signature (CORS preflights do not). */
  signatures: SignatureCheck[];
  readonly aborted: number;
  clockOffsetMs: number;
  enqueue(scenario: BedrockScenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const header = (value: string) => ({ type: 'string' as const, value });

/** Bedrock pads payloads with a random-length field so their size does not leak the text. */
const padding = () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ'.slice(0, 1 + Math.floor(Math.random() * 30));

function eventMessage(type: string, payload: unknown): Uint8Array {
  const headers: MessageHeaders = {
    ':event-type': header(type),
    ':content-type': header('application/json'),
    ':message-type': header('event'),
  };
  return codec.encode({ headers, body: fromUtf8(JSON.stringify(payload)) });
}

/** InvokeModelWithResponseStream's PayloadPart: the model's own JSON, base64 in `bytes`. */
function chunkMessage(json: string): Uint8Array {
  return eventMessage('chunk', { bytes: Buffer.from(json, 'utf8').toString('base64'), p: padding() });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function exceptionMessage(e: ExceptionScenario): Uint8Array {
  const headers: MessageHeaders = {
    ':exception-type': header(lowerFirst(e.exception)),
    ':content-type': header('application/json'),
    ':message-type': header('exception'),
  };
  return codec.encode({ headers, body: fromUtf8(JSON.stringify(exceptionBody(e))) });
}

function exceptionBody(e: ExceptionScenario): Record<string, unknown> {
  return {
    message: e.message ?? `${e.exception} from the mock`,
    ...(e.originalStatusCode !== undefined ? { originalStatusCode: e.originalStatusCode } : {}),
    ...(e.resourceName !== undefined ? { resourceName: e.resourceName } : {}),
    ...(e.originalMessage !== undefined ? { originalMessage: e.originalMessage } : {}),
  };
}

const STATUS_EXCEPTION: Record<number, BedrockExceptionName> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  409: 'ConflictException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

function exceptionForStatus(status: number): BedrockExceptionName {
  return STATUS_EXCEPTION[status] ?? (status >= 500 ? 'InternalServerException' : 'ValidationException');
}

/** How a streamed reply goes: its text, tool calls and usage, and how it ends. */
interface Plan {
  text: string;
  chunkSize: number;
  delayMs: number;
  calls: MockToolCall[];
  usage?: MockUsage;
  finishReason?: string;
  end: 'finish' | 'drop' | 'malformed' | 'hang' | 'cut' | ExceptionScenario;
}

function planFor(scenario: BedrockScenario, echo: string): Plan {
  const base = { chunkSize: 4, delayMs: 0, calls: [] as MockToolCall[] };
  switch (scenario.kind) {
    case 'text':
      return {
        ...base,
        text: scenario.text,
        chunkSize: scenario.chunkSize ?? 4,
        delayMs: scenario.delayMs ?? 0,
        usage: scenario.usage,
        finishReason: scenario.finishReason,
        end: 'finish',
      };
    case 'tool-call':
    case 'tool-calls':
      return { ...base, text: scenario.text ?? '', chunkSize: scenario.chunkSize ?? 4, calls: toolCallsOf(scenario), end: 'finish' };
    case 'drop-after':
      return { ...base, text: scenario.text, end: 'drop' };
    case 'malformed':
      return { ...base, text: scenario.text ?? '', end: 'malformed' };
    case 'error-after':
      return { ...base, text: scenario.text, end: { kind: 'exception', exception: 'InternalServerException', message: scenario.message } };
    case 'hang-after':
      return { ...base, text: scenario.text, end: 'hang' };
    case 'cut-off':
      return { ...base, text: scenario.text, end: 'cut' };
    case 'exception':
      return { ...base, text: scenario.afterText ?? '', end: scenario };
    case 'status':
      return { ...base, text: echo, end: 'finish' };
  }
}

/** Writes binary frames in order, each reaching the socket before the next. */
class Writer {
  constructor(
    private readonly res: ServerResponse,
    private readonly plan: Plan,
  ) {}

  get gone(): boolean {
    return clientGone(this.res);
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve) => {
      if (this.gone) resolve();
      else this.res.write(bytes, () => resolve());
    });
  }

  async pieces(text: string, frame: (piece: string, index: number) => Uint8Array): Promise<void> {
    let index = 0;
    for (const piece of chunkText(text, this.plan.chunkSize)) {
      if (this.gone) return;
      if (this.plan.delayMs > 0) await sleep(this.plan.delayMs);
      await this.write(frame(piece, index++));
    }
  }

  /** Ends the stream the way the plan says when it does not end well; true when it did. */
  async endBadly(malformed: () => Uint8Array): Promise<boolean> {
    const end = this.plan.end;
    if (end === 'finish') return false;
    if (end === 'drop') await dropConnection(this.res);
    else if (end === 'hang') await waitForClientClose(this.res);
    else if (end === 'cut') this.res.end();
    else {
      await this.write(end === 'malformed' ? malformed() : exceptionMessage(end));
      this.res.end();
    }
    return true;
  }
}

interface Reply {
  plan: Plan;
  usage: MockUsage;
}

function metrics(usage: MockUsage) {
  return { inputTokenCount: usage.input, outputTokenCount: usage.output, invocationLatency: 321, firstByteLatency: 123 };
}

const METRICS = 'amazon-bedrock-invocationMetrics';

/** Claude, Nova and Converse share their stop reasons. */
function stopReason(plan: Plan): string {
  if (plan.calls.length) return 'tool_use';
  return plan.finishReason === 'length' ? 'max_tokens' : 'end_turn';
}

function promptStop(plan: Plan): string {
  return plan.finishReason === 'length' ? 'length' : 'stop';
}

const notJson = (what: string) => `{"${what}": {"text": "brok`;

async function streamClaude(w: Writer, r: Reply): Promise<void> {
  const chunk = (payload: unknown) => chunkMessage(JSON.stringify(payload));
  const id = `msg_bdrk_${randomUUID().slice(0, 8)}`;
  await w.write(
    chunk({
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: 'claude',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: r.usage.input, output_tokens: 1 },
      },
    }),
  );
  await w.write(chunk({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
  await w.pieces(r.plan.text, (text) => chunk({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }));
  if (await w.endBadly(() => chunkMessage(notJson('type')))) return;
  await w.write(chunk({ type: 'content_block_stop', index: 0 }));
  for (const [i, call] of r.plan.calls.entries()) {
    const index = i + 1;
    await w.write(
      chunk({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id ?? `toolu_bdrk_${i}${randomUUID().slice(0, 6)}`, name: call.name, input: {} },
      }),
    );
    for (const partial_json of chunkText(call.arguments, r.plan.chunkSize)) {
      await w.write(chunk({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }));
    }
    await w.write(chunk({ type: 'content_block_stop', index }));
  }
  await w.write(
    chunk({
      type: 'message_delta',
      delta: { stop_reason: stopReason(r.plan), stop_sequence: null },
      usage: { output_tokens: r.usage.output },
    }),
  );
  await w.write(chunk({ type: 'message_stop', [METRICS]: metrics(r.usage) }));
}

async function streamLlama(w: Writer, r: Reply): Promise<void> {
  let generated = 0;
  await w.pieces(r.plan.text, (generation, i) =>
    chunkMessage(
      JSON.stringify({
        generation,
        prompt_token_count: i === 0 ? r.usage.input : null,
        generation_token_count: ++generated,
        stop_reason: null,
      }),
    ),
  );
  if (await w.endBadly(() => chunkMessage(notJson('generation')))) return;
  await w.write(
    chunkMessage(
      JSON.stringify({
        generation: '',
        prompt_token_count: generated ? null : r.usage.input,
        generation_token_count: r.usage.output,
        stop_reason: promptStop(r.plan),
        [METRICS]: metrics(r.usage),
      }),
    ),
  );
}

async function streamMistral(w: Writer, r: Reply): Promise<void> {
  await w.pieces(r.plan.text, (text) => chunkMessage(JSON.stringify({ outputs: [{ text, stop_reason: null }] })));
  if (await w.endBadly(() => chunkMessage(notJson('outputs')))) return;
  await w.write(chunkMessage(JSON.stringify({ outputs: [{ text: '', stop_reason: promptStop(r.plan) }], [METRICS]: metrics(r.usage) })));
}

async function streamNova(w: Writer, r: Reply): Promise<void> {
  const chunk = (payload: unknown) => chunkMessage(JSON.stringify(payload));
  await w.write(chunk({ messageStart: { role: 'assistant' } }));
  await w.pieces(r.plan.text, (text) => chunk({ contentBlockDelta: { delta: { text }, contentBlockIndex: 0 } }));
  if (await w.endBadly(() => chunkMessage(notJson('contentBlockDelta')))) return;
  await w.write(chunk({ contentBlockStop: { contentBlockIndex: 0 } }));
  await w.write(chunk({ messageStop: { stopReason: stopReason(r.plan) } }));
  await w.write(
    chunk({
      metadata: { usage: { inputTokens: r.usage.input, outputTokens: r.usage.output }, metrics: {}, trace: {} },
      [METRICS]: metrics(r.usage),
    }),
  );
}

/** ConverseStream: one event per message, named by :event-type. */
async function streamConverse(w: Writer, r: Reply): Promise<void> {
  const event = (type: string, payload: Record<string, unknown>) => eventMessage(type, { ...payload, p: padding() });
  await w.write(event('messageStart', { role: 'assistant' }));
  await w.pieces(r.plan.text, (text) => event('contentBlockDelta', { contentBlockIndex: 0, delta: { text } }));
  const malformed = () =>
    codec.encode({
      headers: {
        ':event-type': header('contentBlockDelta'),
        ':content-type': header('application/json'),
        ':message-type': header('event'),
      },
      body: fromUtf8(notJson('delta')),
    });
  if (await w.endBadly(malformed)) return;
  const offset = r.plan.text ? 1 : 0;
  if (offset) await w.write(event('contentBlockStop', { contentBlockIndex: 0 }));
  for (const [i, call] of r.plan.calls.entries()) {
    const contentBlockIndex = i + offset;
    await w.write(
      event('contentBlockStart', {
        contentBlockIndex,
        start: { toolUse: { toolUseId: call.id ?? `tooluse_${randomUUID().slice(0, 12)}`, name: call.name } },
      }),
    );
    for (const input of chunkText(call.arguments, r.plan.chunkSize)) {
      await w.write(event('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input } } }));
    }
    await w.write(event('contentBlockStop', { contentBlockIndex }));
  }
  await w.write(event('messageStop', { stopReason: stopReason(r.plan) }));
  await w.write(
    event('metadata', {
      usage: { inputTokens: r.usage.input, outputTokens: r.usage.output, totalTokens: r.usage.input + r.usage.output },
      metrics: { latencyMs: 321 },
    }),
  );
}

const STREAMERS: Record<ModelFormat, (w: Writer, r: Reply) => Promise<void>> = {
  claude: streamClaude,
  llama: streamLlama,
  mistral: streamMistral,
  nova: streamNova,
  converse: streamConverse,
};

/** The non-streamed reply of InvokeModel (native format) or Converse. */
function wholeReply(format: ModelFormat, r: Reply): unknown {
  const { plan, usage } = r;
  switch (format) {
    case 'claude':
      return {
        id: `msg_bdrk_${randomUUID().slice(0, 8)}`,
        type: 'message',
        role: 'assistant',
        model: 'claude',
        content: [
          ...(plan.text ? [{ type: 'text', text: plan.text }] : []),
          ...plan.calls.map((c, i) => ({
            type: 'tool_use',
            id: c.id ?? `toolu_bdrk_${i}`,
            name: c.name,
            input: JSON.parse(c.arguments) as unknown,
          })),
        ],
        stop_reason: stopReason(plan),
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      };
    case 'llama':
      return {
        generation: plan.text,
        prompt_token_count: usage.input,
        generation_token_count: usage.output,
        stop_reason: promptStop(plan),
      };
    case 'mistral':
      return { outputs: [{ text: plan.text, stop_reason: promptStop(plan) }] };
    case 'nova':
    case 'converse':
      return {
        output: {
          message: {
            role: 'assistant',
            content: [
              ...(plan.text ? [{ text: plan.text }] : []),
              ...plan.calls.map((c, i) => ({
                toolUse: { toolUseId: c.id ?? `tooluse_${i}`, name: c.name, input: JSON.parse(c.arguments) as unknown },
              })),
            ],
          },
        },
        stopReason: stopReason(plan),
        usage: { inputTokens: usage.input, outputTokens: usage.output, totalTokens: usage.input + usage.output },
        ...(format === 'converse' ? { metrics: { latencyMs: 321 } } : {}),
      };
  }
}

/** The last user text of a native body: the Llama 3 template, Mistral's instructions, or messages. */
function echoOf(format: ModelFormat, body: Record<string, unknown>): string {
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  if (format === 'llama') {
    const turns = [...prompt.matchAll(/<\|start_header_id\|>user<\|end_header_id\|>\n\n([\s\S]*?)<\|eot_id\|>/g)];
    return `Echo: ${turns.at(-1)?.[1] ?? ''}`;
  }
  if (format === 'mistral') {
    // No system role in Mistral's template: it opens the first instruction, so the echo takes the last paragraph.
    const instructions = [...prompt.matchAll(/\[INST\] ([\s\S]*?) \[\/INST\]/g)];
    return `Echo: ${instructions.at(-1)?.[1]?.split('\n\n').at(-1) ?? ''}`;
  }
  return `Echo: ${lastUserText(body)}`;
}

/** Keys each native body may have: Bedrock rejects anything else as an extraneous key. */
const NATIVE_KEYS: Record<Exclude<ModelFormat, 'converse'>, { required: string[]; allowed: string[] }> = {
  claude: {
    required: ['anthropic_version', 'max_tokens', 'messages'],
    allowed: [
      'system',
      'temperature',
      'top_p',
      'top_k',
      'stop_sequences',
      'tools',
      'tool_choice',
      'anthropic_beta',
      'thinking',
      'metadata',
    ],
  },
  llama: { required: ['prompt'], allowed: ['max_gen_len', 'temperature', 'top_p', 'images'] },
  mistral: { required: ['prompt'], allowed: ['max_tokens', 'stop', 'temperature', 'top_p', 'top_k'] },
  nova: { required: ['messages'], allowed: ['schemaVersion', 'system', 'inferenceConfig', 'toolConfig'] },
};

function nativeBodyProblem(format: ModelFormat, body: Record<string, unknown>): string | undefined {
  if (format === 'converse') return 'Malformed input request: the mock does not model this provider’s native format, please use Converse.';
  const { required, allowed } = NATIVE_KEYS[format];
  const missing = required.find((k) => body[k] === undefined);
  if (missing) return `Malformed input request: #: required key [${missing}] not found, please reformat your input and try again.`;
  const extraneous = Object.keys(body).filter((k) => !required.includes(k) && !allowed.includes(k));
  if (extraneous.length)
    return `Malformed input request: ${extraneous.map((k) => `#: extraneous key [${k}] is not permitted`).join('')}, please reformat your input and try again.`;
  if (format === 'claude' && body.anthropic_version !== 'bedrock-2023-05-31')
    return 'Malformed input request: #/anthropic_version: bedrock-2023-05-31 is the only supported version, please reformat your input and try again.';
  return undefined;
}

type Operation = 'invoke' | 'invoke-with-response-stream' | 'converse' | 'converse-stream';

const ROUTE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream|converse|converse-stream)$/;

class Queue {
  private readonly items: Record<MockRoute, BedrockScenario[]> = { chat: [], models: [] };

  enqueue(scenario: BedrockScenario, { route = 'chat', times = 1 }: EnqueueOptions = {}): void {
    for (let i = 0; i < times; i++) this.items[route].push(scenario);
  }

  next(route: MockRoute): BedrockScenario | undefined {
    return this.items[route].shift();
  }

  clear(): void {
    this.items.chat.length = 0;
    this.items.models.length = 0;
  }
}

export async function startBedrockMock(options: BedrockMockOptions = {}): Promise<BedrockMock> {
  const region = options.region ?? 'us-east-1';
  const credentials = options.credentials ?? [BEDROCK_TEST_CREDENTIALS];
  const models = options.models ?? BEDROCK_MODELS;
  const queue = new Queue();
  const signatures: SignatureCheck[] = [];
  const state = { clockOffsetMs: options.clockOffsetMs ?? 0 };
  const serverNow = () => new Date(Date.now() + state.clockOffsetMs);
  const baseHeaders = () => ({ date: serverNow().toUTCString(), 'x-amzn-requestid': randomUUID() });

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...baseHeaders(), ...headers });
    res.end(JSON.stringify(body));
  };
  const sendException = (
    res: ServerResponse,
    type: string,
    status: number,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => sendJson(res, status, body, { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`, ...headers });
  const sendScenarioException = (res: ServerResponse, e: ExceptionScenario) =>
    sendException(res, e.exception, EXCEPTION_STATUS[e.exception], exceptionBody(e));
  const sendStatus = (res: ServerResponse, s: Extract<Scenario, { kind: 'status' }>) => {
    const type = exceptionForStatus(s.status);
    sendException(res, type, s.status, (s.body as Record<string, unknown>) ?? { message: `${type} from the mock` }, s.headers);
  };

  // An ARN names a foundation model or an inference profile by its last segment.
  const findModel = (id: string) => {
    const bare = id.slice(id.lastIndexOf('/') + 1);
    return models.find((m) => m.id === bare || m.profiles?.includes(bare));
  };

  const listModels = (res: ServerResponse, url: URL) => {
    const modality = url.searchParams.get('byOutputModality');
    const summaries = models
      .filter((m) => !modality || (m.output ?? 'TEXT') === modality)
      .map((m) => ({
        modelArn: `arn:aws:bedrock:${region}::foundation-model/${m.id}`,
        modelId: m.id,
        modelName: m.name,
        providerName: m.provider,
        inputModalities: ['TEXT'],
        outputModalities: [m.output ?? 'TEXT'],
        responseStreamingSupported: m.streaming !== false,
        customizationsSupported: [],
        inferenceTypesSupported: m.profileOnly ? ['INFERENCE_PROFILE'] : ['ON_DEMAND'],
        modelLifecycle: { status: 'ACTIVE' },
      }));
    sendJson(res, 200, { modelSummaries: summaries });
  };

  const listProfiles = (res: ServerResponse) => {
    const summaries = models.flatMap((m) =>
      (m.profiles ?? []).map((id) => ({
        inferenceProfileId: id,
        inferenceProfileName: `US ${m.name}`,
        inferenceProfileArn: `arn:aws:bedrock:${region}:123456789012:inference-profile/${id}`,
        description: `Routes requests to ${m.name} in US regions.`,
        models: ['us-east-1', 'us-west-2'].map((r) => ({ modelArn: `arn:aws:bedrock:${r}::foundation-model/${m.id}` })),
        status: 'ACTIVE',
        type: 'SYSTEM_DEFINED',
        createdAt: '2024-10-22T00:00:00Z',
        updatedAt: '2024-10-22T00:00:00Z',
      })),
    );
    sendJson(res, 200, { inferenceProfileSummaries: summaries });
  };

  const model = async (res: ServerResponse, modelId: string, operation: Operation, recorded: RecordedRequest) => {
    const found = findModel(modelId);
    const validation = (message: string) => sendException(res, 'ValidationException', 400, { message });
    if (!found || (found.output ?? 'TEXT') !== 'TEXT') return validation('The provided model identifier is invalid.');
    if (found.profileOnly && modelId.slice(modelId.lastIndexOf('/') + 1) === found.id) {
      return validation(
        `Invocation of model ID ${modelId} with on-demand throughput isn’t supported. Retry your request with the ID or ARN of an inference profile that contains this model.`,
      );
    }
    const streaming = operation.endsWith('stream');
    if (streaming && found.streaming === false) return validation('The model is unsupported for streaming.');
    const body = (recorded.body ?? {}) as Record<string, unknown>;
    const converse = operation.startsWith('converse');
    const format: ModelFormat = converse ? 'converse' : found.format;
    if (converse ? !Array.isArray(body.messages) : nativeBodyProblem(format, body)) {
      return validation(converse ? 'A conversation must start with a user message.' : nativeBodyProblem(format, body)!);
    }

    const badImage =
      converse || format === 'nova'
        ? imageProblem('bedrock-converse', body)
        : format === 'claude'
          ? imageProblem('anthropic', body)
          : undefined;
    if (badImage) return validation(`Malformed input request: ${badImage}, please reformat your input and try again.`);

    const scenario = queue.next('chat');
    if (scenario?.kind === 'status') return sendStatus(res, scenario);
    if (scenario?.kind === 'exception' && (scenario.afterText === undefined || !streaming)) return sendScenarioException(res, scenario);
    const echo = echoOf(format, body);
    const plan = planFor(scenario ?? { kind: 'text', text: echo }, echo);
    const usage = plan.usage ?? {
      input: estimateTokens(JSON.stringify(body)),
      output: estimateTokens(plan.text + plan.calls.map((c) => c.arguments).join('')),
    };
    const reply: Reply = { plan, usage };

    if (!streaming) {
      if (typeof plan.end === 'object') return sendScenarioException(res, plan.end);
      if (plan.end === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json', ...baseHeaders() });
        res.end(notJson('output'));
        return;
      }
      if (plan.end === 'drop' || plan.end === 'hang') {
        res.writeHead(200, { 'content-type': 'application/json', ...baseHeaders() });
        res.flushHeaders();
        await (plan.end === 'drop' ? dropConnection(res) : waitForClientClose(res));
        return;
      }
      const token = {
        'x-amzn-bedrock-input-token-count': String(usage.input),
        'x-amzn-bedrock-output-token-count': String(usage.output),
        'x-amzn-bedrock-invocation-latency': '321',
      };
      return sendJson(res, 200, wholeReply(format, reply), converse ? {} : token);
    }

    res.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      ...(converse ? {} : { 'x-amzn-bedrock-content-type': 'application/json' }),
      ...baseHeaders(),
    });
    res.flushHeaders();
    const writer = new Writer(res, plan);
    await STREAMERS[format](writer, reply);
    if (!writer.gone) res.end();
  };

  const server = await startMockHttpServer(async (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
      });
      res.end();
      return;
    }

    const check = await verifySigV4(
      { method: recorded.method, url: recorded.path, headers: req.headers, body: recorded.rawBody ?? Buffer.alloc(0) },
      { credentials, region, service: 'bedrock', now: serverNow() },
    );
    signatures.push({
      method: recorded.method,
      path: recorded.path,
      ok: check.ok,
      ...(check.ok ? {} : { failure: { status: check.status, type: check.type, message: check.message } }),
    });
    if (!check.ok) return sendException(res, check.type, check.status, { message: check.message });

    const url = new URL(recorded.path, 'http://mock');
    if (req.method === 'GET' && (url.pathname === '/foundation-models' || url.pathname === '/inference-profiles')) {
      const scenario = url.pathname === '/foundation-models' ? queue.next('models') : undefined;
      if (scenario?.kind === 'status') return sendStatus(res, scenario);
      if (scenario?.kind === 'exception') return sendScenarioException(res, scenario);
      return url.pathname === '/foundation-models' ? listModels(res, url) : listProfiles(res);
    }
    const route = req.method === 'POST' ? ROUTE.exec(url.pathname) : null;
    if (!route) return sendException(res, 'UnknownOperationException', 404, { message: `No operation at ${req.method} ${url.pathname}` });
    await model(res, decodeURIComponent(route[1]!), route[2] as Operation, recorded);
  });

  return {
    url: server.origin,
    origin: server.origin,
    region,
    requests: server.requests,
    signatures,
    get aborted() {
      return server.aborted;
    },
    get clockOffsetMs() {
      return state.clockOffsetMs;
    },
    set clockOffsetMs(ms: number) {
      state.clockOffsetMs = ms;
    },
    enqueue: (scenario, opts) => queue.enqueue(scenario, opts),
    clear: () => queue.clear(),
    close: () => server.close(),
  };
}

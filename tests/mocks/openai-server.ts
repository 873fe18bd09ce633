/**
 * A local stand-in for the OpenAI API (and the many servers that copy it):
 * GET /v1/models and POST /v1/chat/completions, streaming as server-sent
 * events ending in `data: [DONE]`, or a plain JSON completion.
 */
import type { ServerResponse } from 'node:http';
import {
  answerCors,
  chunkText,
  echoText,
  estimateTokens,
  openCorsHeaders,
  playStream,
  playWhole,
  promptTokens,
  ScenarioQueue,
  sendJson,
  startMockHttpServer,
  type EnqueueOptions,
  type MockUsage,
  type RecordedRequest,
  type Scenario,
  type StreamWire,
  type WholeWire,
} from './scenario';
import { imageProblem } from './image-parts';

export interface OpenAIMockOptions {
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Ids listed by GET /v1/models. */
  models?: string[];
}

export interface OpenAIMock {
  /** Base URL including /v1, as the SDK's baseURL expects it. */
  url: string;
  origin: string;
  requests: RecordedRequest[];
  readonly aborted: number;
  /** Date.now() when the last byte of the latest chat reply was written. */
  readonly lastReplyEndedAt: number | undefined;
  enqueue(scenario: Scenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

/** What a tool returned, read from inside the mark Parley puts around it as untrusted data (lib/chat/tool-data). */
function toolData(content: string): string {
  return /<untrusted-tool-data>\n([\s\S]*)\n<\/untrusted-tool-data>$/.exec(content)?.[1] ?? content;
}

/**
 * With nothing queued after a tool call, the mock model answers from the tool's result, as a real one would: a test
 * then sees the answer use what the tool returned.
 */
function toolEcho(body: unknown): string | undefined {
  const messages = (body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages ?? [];
  // The tools' images come after their results, in a user turn of image_url parts.
  const images = messages.at(-1)?.role === 'user' && Array.isArray(messages.at(-1)?.content) ? messages.at(-1)!.content : undefined;
  const last = images ? messages.at(-2) : messages.at(-1);
  if (last?.role !== 'tool' || typeof last.content !== 'string') return undefined;
  const seen = (images as { type?: string }[] | undefined)?.filter((part) => part.type === 'image_url').length;
  return `The tool says: ${toolData(last.content)}${seen ? ` (and I see ${seen} image${seen > 1 ? 's' : ''})` : ''}`;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

const ERROR_DEFAULTS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Bad request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Forbidden.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist or you do not have access to it.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request.' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
export function openAIErrorBody(status: number, message?: string, code?: string | null, type?: string): unknown {
  const d = ERROR_DEFAULTS[status] ?? { type: 'api_error', code: null, message: `Status ${status}.` };
  return { error: { message: message ?? d.message, type: type ?? d.type, param: null, code: code === undefined ? d.code : code } };
}

let sequence = 0;

/** A chat completions request as Parley sent it, in the fields tests read. */
export interface SentChat {
  messages: { role: string; content: string | null }[];
  tools?: { function: { name: string } }[];
  temperature?: number;
}

/** The chat completions requests `mock` has received, oldest first. */
export function sentChats(mock: OpenAIMock): SentChat[] {
  return mock.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as SentChat);
}

/** What the last user message of the last chat request said, or '' before any. */
export function lastUserText(mock: OpenAIMock): string {
  return (
    sentChats(mock)
      .at(-1)
      ?.messages.filter((m) => m.role === 'user')
      .at(-1)?.content ?? ''
  );
}

export async function startOpenAIMock(options: OpenAIMockOptions = {}): Promise<OpenAIMock> {
  const queue = new ScenarioQueue();
  const models = options.models ?? ['gpt-4o-mini', 'gpt-4o'];
  let lastReplyEndedAt: number | undefined;

  const server = await startMockHttpServer(async (req, res, recorded) => {
    if (answerCors(req, res, openCorsHeaders(req))) return;

    const path = recorded.path.split('?')[0];
    const route =
      req.method === 'GET' && path === '/v1/models'
        ? 'models'
        : req.method === 'POST' && path === '/v1/chat/completions'
          ? 'chat'
          : undefined;
    if (!route) {
      sendJson(res, 404, openAIErrorBody(404, `Invalid URL (${req.method} ${path})`, null));
      return;
    }

    if (options.apiKey !== undefined) {
      const auth = req.headers.authorization;
      if (!auth) {
        sendJson(res, 401, openAIErrorBody(401, "You didn't provide an API key.", null));
        return;
      }
      if (auth !== `Bearer ${options.apiKey}`) {
        sendJson(res, 401, openAIErrorBody(401));
        return;
      }
    }

    const scenario = queue.next(route);
    if (scenario?.kind === 'status') {
      sendJson(res, scenario.status, scenario.body ?? openAIErrorBody(scenario.status), scenario.headers);
      return;
    }

    if (route === 'models') {
      sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'mock' })),
      });
      return;
    }

    const body = (recorded.body ?? {}) as ChatBody;
    const badImage = imageProblem('openai', body);
    if (badImage) {
      sendJson(res, 400, openAIErrorBody(400, `Invalid image: ${badImage}`, 'invalid_image_format'));
      return;
    }
    const reply = scenario ?? { kind: 'text', text: toolEcho(recorded.body) ?? echoText(body) };
    if (body.stream) await streamChat(res, body, reply);
    else await completeChat(res, body, reply);
    lastReplyEndedAt = Date.now();
  });

  return {
    url: `${server.origin}/v1`,
    origin: server.origin,
    requests: server.requests,
    get aborted() {
      return server.aborted;
    },
    get lastReplyEndedAt() {
      return lastReplyEndedAt;
    },
    enqueue: (scenario, opts) => queue.enqueue(scenario, opts),
    clear: () => queue.clear(),
    close: () => server.close(),
  };
}

function usageOf(body: ChatBody, text: string, given?: MockUsage) {
  const prompt = given?.input ?? promptTokens(body);
  const completion = given?.output ?? estimateTokens(text);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** What differs between the servers that answer the chat completions wire with one JSON object. */
export interface CompletionsWholeOptions {
  /** The top-level fields besides choices and usage. */
  base: { id: string } & Record<string, unknown>;
  choiceFields: Record<string, unknown>;
  messageFields: Record<string, unknown>;
  usageOf(text: string, given?: MockUsage): unknown;
  errorBody(message?: string): unknown;
  malformed: string;
}

/** The chat completions reply as one JSON object, for OpenAI and the servers that copy it. */
export function completionsWhole(o: CompletionsWholeOptions, sequence: number): WholeWire {
  return {
    contentType: 'application/json',
    malformed: o.malformed,
    dropped: (text) => `{"id": "${o.base.id}", "choices": [{"message": {"content": ${JSON.stringify(text)}`,
    reply({ text, calls, reason, usage, cut }) {
      const toolCalls = calls.map((c, i) => ({
        id: c.id ?? `call_${i}_${sequence}`,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      }));
      const message = { role: 'assistant', content: calls.length ? text || null : text, ...o.messageFields };
      return {
        ...o.base,
        choices: [
          {
            index: 0,
            message: calls.length ? { ...message, tool_calls: toolCalls } : message,
            ...o.choiceFields,
            finish_reason: cut ? null : (reason ?? (calls.length ? 'tool_calls' : 'stop')),
          },
        ],
        ...(cut ? {} : { usage: o.usageOf(calls.length ? calls.map((c) => c.arguments).join('') : text, usage) }),
      };
    },
    error: o.errorBody,
  };
}

function completeChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  const id = `chatcmpl-mock${++sequence}`;
  const base = {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'unknown',
    system_fingerprint: null,
  };
  const wire = completionsWhole(
    {
      base,
      choiceFields: { logprobs: null },
      messageFields: { refusal: null },
      usageOf: (text, given) => usageOf(body, text, given),
      errorBody: (message) => openAIErrorBody(500, message),
      malformed: '{"id": "chatcmpl-broken", "choices": [',
    },
    sequence,
  );
  return playWhole(res, scenario, wire);
}

/** What differs between the servers that stream the chat completions wire. */
export interface CompletionsWireOptions {
  id: string;
  model: string;
  /** Fields every chunk carries besides id, object, created, model and choices. */
  chunkFields: Record<string, unknown>;
  /** Fields every choice carries besides index, delta and finish_reason. */
  choiceFields: Record<string, unknown>;
  /** The first delta, naming the role. */
  roleDelta: Record<string, unknown>;
  /** Where usage goes: a last chunk without choices (OpenAI, when asked for), the finishing chunk (Azure), or nowhere. */
  usage: 'own-chunk' | 'finish-chunk' | 'none';
  usageOf(text: string, given?: MockUsage): unknown;
  errorBody(message?: string): unknown;
  malformed: string;
}

/** The chat completions stream as server-sent events ending in [DONE], for OpenAI and the servers that copy it. */
export function completionsWire(o: CompletionsWireOptions, sequence: number): StreamWire {
  const created = Math.floor(Date.now() / 1000);
  const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) =>
    frame({
      id: o.id,
      object: 'chat.completion.chunk',
      created,
      model: o.model,
      ...o.chunkFields,
      choices: [{ index: 0, delta, ...o.choiceFields, finish_reason: finishReason }],
      ...extra,
    });
  return {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' },
    textStart: () => [chunk(o.roleDelta)],
    text: (piece) => chunk({ content: piece }),
    toolCall: (call, index, size) => [
      chunk({
        tool_calls: [{ index, id: call.id ?? `call_${index}_${sequence}`, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
      ...chunkText(call.arguments, size).map((piece) => chunk({ tool_calls: [{ index, function: { arguments: piece } }] })),
    ],
    finish: ({ reason, calls, text, usage }) => {
      const counted = o.usageOf(calls.length ? calls.map((c) => c.arguments).join('') : text, usage);
      const finishing = chunk({}, reason ?? (calls.length ? 'tool_calls' : 'stop'), o.usage === 'finish-chunk' ? { usage: counted } : {});
      const usageChunk = {
        id: o.id,
        object: 'chat.completion.chunk',
        created,
        model: o.model,
        ...o.chunkFields,
        choices: [],
        usage: counted,
      };
      return [finishing, ...(o.usage === 'own-chunk' ? [frame(usageChunk)] : []), 'data: [DONE]\n\n'];
    },
    error: (message) => frame(o.errorBody(message)),
    malformed: `data: ${o.malformed}\n\n`,
  };
}

function streamChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  const includeUsage = body.stream_options?.include_usage === true;
  const wire = completionsWire(
    {
      id: `chatcmpl-mock${++sequence}`,
      model: body.model ?? 'unknown',
      chunkFields: { system_fingerprint: null, ...(includeUsage ? { usage: null } : {}) },
      choiceFields: { logprobs: null },
      roleDelta: { role: 'assistant', content: '', refusal: null },
      usage: includeUsage ? 'own-chunk' : 'none',
      usageOf: (text, given) => usageOf(body, text, given),
      errorBody: (message) => openAIErrorBody(500, message),
      malformed: '{"id": "chatcmpl-broken", "choices": [',
    },
    sequence,
  );
  return playStream(res, scenario, wire);
}

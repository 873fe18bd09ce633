/**
 * A local stand-in for the OpenAI API (and the many servers that copy it):
 * GET /v1/models and POST /v1/chat/completions, streaming as server-sent
 * events ending in `data: [DONE]`, or a plain JSON completion.
 */
import type { ServerResponse } from 'node:http';
import {
  answerCors,
  chunkText,
  clientGone,
  completeBroken,
  dropConnection,
  echoText,
  estimateTokens,
  openCorsHeaders,
  promptTokens,
  ScenarioQueue,
  sendJson,
  sendPaced,
  startMockHttpServer,
  toolCallsOf,
  waitForClientClose,
  writeFlushed,
  type EnqueueOptions,
  type MockToolCall,
  type MockUsage,
  type RecordedRequest,
  type Scenario,
} from './scenario';

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
    const reply = scenario ?? { kind: 'text', text: echoText(body) };
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

function wireToolCalls(calls: MockToolCall[]) {
  return calls.map((c, i) => ({
    id: c.id ?? `call_${i}_${sequence}`,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }));
}

async function completeChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  const id = `chatcmpl-mock${++sequence}`;
  const base = {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'unknown',
    system_fingerprint: null,
  };
  switch (scenario.kind) {
    case 'text':
      sendJson(res, 200, {
        ...base,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: scenario.text, refusal: null },
            logprobs: null,
            finish_reason: scenario.finishReason ?? 'stop',
          },
        ],
        usage: usageOf(body, scenario.text, scenario.usage),
      });
      return;
    case 'tool-call':
    case 'tool-calls': {
      const calls = toolCallsOf(scenario);
      sendJson(res, 200, {
        ...base,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: scenario.text ?? null, refusal: null, tool_calls: wireToolCalls(calls) },
            logprobs: null,
            finish_reason: 'tool_calls',
          },
        ],
        usage: usageOf(body, calls.map((c) => c.arguments).join(''), undefined),
      });
      return;
    }
    case 'error-after':
      sendJson(res, 500, openAIErrorBody(500, scenario.message));
      return;
    case 'cut-off':
      sendJson(res, 200, {
        ...base,
        choices: [{ index: 0, message: { role: 'assistant', content: scenario.text, refusal: null }, logprobs: null, finish_reason: null }],
      });
      return;
    case 'malformed':
    case 'drop-after':
    case 'hang-after':
      await completeBroken(res, scenario, {
        contentType: 'application/json',
        malformed: '{"id": "chatcmpl-broken", "choices": [',
        dropped: (text) => `{"id": "${id}", "choices": [{"message": {"content": ${JSON.stringify(text)}`,
      });
      return;
    case 'status':
      return;
  }
}

async function streamChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  if (scenario.kind === 'status') return;
  const id = `chatcmpl-mock${++sequence}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? 'unknown';
  const includeUsage = body.stream_options?.include_usage === true;

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();

  const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    frame({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const send = (data: string) => writeFlushed(res, data);

  const streamText = async (text: string, size = 4, delayMs = 0) => {
    await send(chunk({ role: 'assistant', content: '', refusal: null }));
    await sendPaced(res, chunkText(text, size), delayMs, (piece) => send(chunk({ content: piece })));
  };
  const finish = async (reason: string, usage: ReturnType<typeof usageOf>) => {
    await send(chunk({}, reason));
    if (includeUsage)
      await send(frame({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [], usage }));
    await send('data: [DONE]\n\n');
    res.end();
  };

  switch (scenario.kind) {
    case 'text':
      await streamText(scenario.text, scenario.chunkSize, scenario.delayMs);
      if (clientGone(res)) return;
      await finish(scenario.finishReason ?? 'stop', usageOf(body, scenario.text, scenario.usage));
      return;
    case 'tool-call':
    case 'tool-calls': {
      const calls = wireToolCalls(toolCallsOf(scenario));
      await streamText(scenario.text ?? '', scenario.chunkSize);
      for (const [index, call] of calls.entries()) {
        await send(
          chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }),
        );
        for (const piece of chunkText(call.function.arguments, scenario.chunkSize ?? 4)) {
          await send(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
        }
      }
      await finish('tool_calls', usageOf(body, calls.map((c) => c.function.arguments).join(''), undefined));
      return;
    }
    case 'drop-after':
      await streamText(scenario.text);
      await dropConnection(res);
      return;
    case 'malformed':
      await streamText(scenario.text ?? '');
      await send('data: {"id": "chatcmpl-broken", "choices": [\n\n');
      res.end();
      return;
    case 'error-after':
      await streamText(scenario.text);
      await send(frame(openAIErrorBody(500, scenario.message)));
      res.end();
      return;
    case 'hang-after':
      await streamText(scenario.text);
      await waitForClientClose(res);
      return;
    case 'cut-off':
      await streamText(scenario.text);
      res.end();
      return;
  }
}

/**
 * A local stand-in for Anthropic's Messages API: GET /v1/models and POST
 * /v1/messages, streaming Anthropic's real server-sent events (message_start,
 * content_block_start/delta/stop, ping, message_delta, message_stop, and an
 * `error` event when generation fails midway). The key arrives in x-api-key,
 * or as a bearer token, which is how SDK 1.x sends it.
 */
import type { ServerResponse } from 'node:http';
import {
  answerCors,
  chunkText,
  clientGone,
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
  type RecordedRequest,
  type Scenario,
} from './scenario';

export interface AnthropicMock {
  /** The API's origin, as the SDK's baseURL expects it (the SDK adds /v1). */
  url: string;
  requests: RecordedRequest[];
  readonly aborted: number;
  enqueue(scenario: Scenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

export const ANTHROPIC_MOCK_MODELS = ['claude-sonnet-4-6', 'claude-haiku-4-5'];

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Anthropic's error body: `{ type: "error", error: { type, message } }`. */
export function anthropicErrorBody(status: number, message?: string): unknown {
  const type = ERROR_TYPES[status] ?? 'api_error';
  return { type: 'error', error: { type, message: message ?? `Mock ${type}` } };
}

let sequence = 0;

export async function startAnthropicMock(options: { apiKey?: string } = {}): Promise<AnthropicMock> {
  const queue = new ScenarioQueue();
  const server = await startMockHttpServer(async (req, res, recorded) => {
    if (answerCors(req, res, openCorsHeaders(req))) return;
    const path = recorded.path.split('?')[0];
    const route =
      req.method === 'GET' && path === '/v1/models' ? 'models' : req.method === 'POST' && path === '/v1/messages' ? 'chat' : undefined;
    if (!route) {
      sendJson(res, 404, anthropicErrorBody(404, `Not found: ${req.method} ${path}`));
      return;
    }
    const key = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (options.apiKey !== undefined && key !== options.apiKey) {
      sendJson(res, 401, anthropicErrorBody(401, 'invalid x-api-key'));
      return;
    }
    const scenario = queue.next(route);
    if (scenario?.kind === 'status') {
      sendJson(res, scenario.status, scenario.body ?? anthropicErrorBody(scenario.status), scenario.headers);
      return;
    }
    if (route === 'models') {
      const data = ANTHROPIC_MOCK_MODELS.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
      sendJson(res, 200, { data, has_more: false, first_id: data[0]?.id, last_id: data.at(-1)?.id });
      return;
    }
    await streamMessage(res, recorded.body, scenario ?? { kind: 'text', text: echoText(recorded.body) });
  });
  return {
    url: server.origin,
    requests: server.requests,
    get aborted() {
      return server.aborted;
    },
    enqueue: (scenario, opts) => queue.enqueue(scenario, opts),
    clear: () => queue.clear(),
    close: () => server.close(),
  };
}

async function streamMessage(res: ServerResponse, body: unknown, scenario: Scenario): Promise<void> {
  if (scenario.kind === 'status') return;
  const model = (body as { model?: string } | undefined)?.model ?? 'unknown';
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  const send = (event: string, data: unknown) =>
    writeFlushed(res, `event: ${event}\ndata: ${JSON.stringify({ type: event, ...(data as object) })}\n\n`);
  const input = scenario.kind === 'text' && scenario.usage ? scenario.usage.input : promptTokens(body);

  await send('message_start', {
    message: {
      id: `msg_mock${++sequence}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: input, output_tokens: 1 },
    },
  });
  await send('ping', {});
  let index = 0;
  const streamText = async (text: string, size = 4, delayMs = 0) => {
    await send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    await sendPaced(res, chunkText(text, size), delayMs, (piece) =>
      send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }),
    );
  };
  const endBlock = async () => send('content_block_stop', { index: index++ });
  const finish = async (stopReason: string, output: number) => {
    await send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: output } });
    await send('message_stop', {});
    res.end();
  };

  switch (scenario.kind) {
    case 'text':
      await streamText(scenario.text, scenario.chunkSize, scenario.delayMs);
      if (clientGone(res)) return;
      await endBlock();
      await finish(scenario.finishReason ?? 'end_turn', scenario.usage?.output ?? estimateTokens(scenario.text));
      return;
    case 'tool-call':
    case 'tool-calls': {
      const calls = toolCallsOf(scenario);
      if (scenario.text) {
        await streamText(scenario.text, scenario.chunkSize);
        await endBlock();
      }
      for (const [i, call] of calls.entries()) {
        const id = call.id ?? `toolu_mock${sequence}_${i}`;
        await send('content_block_start', { index, content_block: { type: 'tool_use', id, name: call.name, input: {} } });
        for (const piece of chunkText(call.arguments, scenario.chunkSize ?? 4)) {
          await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
        }
        await endBlock();
      }
      await finish('tool_use', estimateTokens(calls.map((c) => c.arguments).join('')));
      return;
    }
    case 'drop-after':
      await streamText(scenario.text);
      await dropConnection(res);
      return;
    case 'malformed':
      await streamText(scenario.text ?? '');
      await writeFlushed(res, 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": \n\n');
      res.end();
      return;
    case 'error-after':
      await streamText(scenario.text);
      await send('error', { error: { type: 'api_error', message: scenario.message ?? 'Internal server error' } });
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

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
  echoText,
  estimateTokens,
  openCorsHeaders,
  playStream,
  promptTokens,
  ScenarioQueue,
  sendJson,
  startMockHttpServer,
  type EnqueueOptions,
  type RecordedRequest,
  type Scenario,
  type StreamWire,
} from './scenario';
import { imageProblem } from './image-parts';

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
    const badImage = imageProblem('anthropic', recorded.body);
    if (badImage) {
      sendJson(res, 400, anthropicErrorBody(400, badImage));
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

/** Anthropic's stream: message_start, content blocks each opened, filled by deltas and closed, message_delta, message_stop. */
function streamMessage(res: ServerResponse, body: unknown, scenario: Scenario): Promise<void> {
  const model = (body as { model?: string } | undefined)?.model ?? 'unknown';
  const event = (type: string, data: object = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const input = scenario.kind === 'text' && scenario.usage ? scenario.usage.input : promptTokens(body);
  const id = ++sequence;
  let index = 0;
  let textOpen = false;
  const wire: StreamWire = {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
    opening: [
      event('message_start', {
        message: {
          id: `msg_mock${id}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: input, output_tokens: 1 },
        },
      }),
      event('ping'),
    ],
    textStart(text) {
      // A reply that only calls tools has no text block at all.
      if (!text && (scenario.kind === 'tool-call' || scenario.kind === 'tool-calls')) return [];
      textOpen = true;
      return [event('content_block_start', { index, content_block: { type: 'text', text: '' } })];
    },
    text: (piece) => event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }),
    textEnd() {
      if (!textOpen) return [];
      textOpen = false;
      return [event('content_block_stop', { index: index++ })];
    },
    toolCall: (call, i, size) => {
      const block = index++;
      const toolUse = { type: 'tool_use', id: call.id ?? `toolu_mock${id}_${i}`, name: call.name, input: {} };
      return [
        event('content_block_start', { index: block, content_block: toolUse }),
        ...chunkText(call.arguments, size).map((piece) =>
          event('content_block_delta', { index: block, delta: { type: 'input_json_delta', partial_json: piece } }),
        ),
        event('content_block_stop', { index: block }),
      ];
    },
    finish: ({ reason, calls, text, usage }) => [
      event('message_delta', {
        delta: { stop_reason: reason ?? (calls.length ? 'tool_use' : 'end_turn'), stop_sequence: null },
        usage: { output_tokens: usage?.output ?? estimateTokens(calls.length ? calls.map((c) => c.arguments).join('') : text) },
      }),
      event('message_stop'),
    ],
    error: (message) => event('error', { error: { type: 'api_error', message: message ?? 'Internal server error' } }),
    malformed: 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": \n\n',
  };
  return playStream(res, scenario, wire);
}

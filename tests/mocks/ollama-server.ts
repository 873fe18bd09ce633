/**
 * A local stand-in for the Ollama server: GET /, /api/version, /api/tags and
 * POST /api/chat streaming newline-delimited JSON. Like the real server it
 * answers 403 to browser-extension origins unless they are allowed, the way
 * OLLAMA_ORIGINS allows them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answerCors,
  echoText,
  estimateTokens,
  playStream,
  playWhole,
  promptTokens,
  ScenarioQueue,
  sendJson,
  startMockHttpServer,
  type EnqueueOptions,
  type MockToolCall,
  type MockUsage,
  type RecordedRequest,
  type Scenario,
} from './scenario';
import { imageProblem } from './image-parts';

export interface OllamaMockOptions {
  /** Model names listed by /api/tags; chat with any other model answers 404. */
  models?: string[];
  /** Extra allowed origins, as in OLLAMA_ORIGINS: exact, or a prefix ending in `*`. */
  allowedOrigins?: string[];
}

export interface OllamaMock {
  /** http://127.0.0.1:PORT, what the user would type as the Ollama address. */
  url: string;
  requests: RecordedRequest[];
  /** The Origin header of every request, in order (undefined when absent). */
  readonly origins: (string | undefined)[];
  readonly aborted: number;
  enqueue(scenario: Scenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

const EXTENSION_SCHEMES = ['chrome-extension://', 'moz-extension://', 'safari-web-extension://'];

function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  const listed = allowed.some((a) => (a.endsWith('*') ? origin.startsWith(a.slice(0, -1)) : origin === a));
  if (listed) return true;
  return !EXTENSION_SCHEMES.some((scheme) => origin.startsWith(scheme));
}

function withTag(name: string): string {
  return name.includes(':') ? name : `${name}:latest`;
}

function corsHeaders(req: IncomingMessage, origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  const requested = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers':
      typeof requested === 'string' ? requested : 'Authorization, Content-Type, User-Agent, Accept, X-Requested-With',
    vary: 'Origin',
  };
}

export async function startOllamaMock(options: OllamaMockOptions = {}): Promise<OllamaMock> {
  const queue = new ScenarioQueue();
  const models = (options.models ?? ['llama3.2:latest', 'qwen2.5:0.5b']).map(withTag);
  const allowed = options.allowedOrigins ?? [];

  const server = await startMockHttpServer(async (req, res, recorded) => {
    if (!originAllowed(recorded.origin, allowed)) {
      // gin-contrib/cors, which Ollama uses, aborts with a bare 403.
      res.writeHead(403);
      res.end();
      return;
    }
    if (answerCors(req, res, corsHeaders(req, recorded.origin))) return;

    const path = recorded.path.split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Ollama is running');
      return;
    }
    if (req.method === 'GET' && path === '/api/version') {
      sendJson(res, 200, { version: '0.12.6' });
      return;
    }
    const route =
      req.method === 'GET' && path === '/api/tags' ? 'models' : req.method === 'POST' && path === '/api/chat' ? 'chat' : undefined;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('404 page not found');
      return;
    }

    const scenario = queue.next(route);
    if (scenario?.kind === 'status') {
      sendJson(res, scenario.status, scenario.body ?? { error: `mock status ${scenario.status}` }, scenario.headers);
      return;
    }

    if (route === 'models') {
      sendJson(res, 200, {
        models: models.map((name, i) => ({
          name,
          model: name,
          modified_at: '2025-01-01T00:00:00Z',
          size: 1_000_000_000 + i,
          digest: `sha256:${String(i).padStart(64, '0')}`,
          details: {
            parent_model: '',
            format: 'gguf',
            family: 'llama',
            families: ['llama'],
            parameter_size: '3.2B',
            quantization_level: 'Q4_K_M',
          },
        })),
      });
      return;
    }

    const body = (recorded.body ?? {}) as OllamaChatBody;
    const model = typeof body.model === 'string' ? body.model : '';
    if (!models.includes(withTag(model))) {
      sendJson(res, 404, { error: `model "${model}" not found, try pulling it first` });
      return;
    }
    const badImage = imageProblem('ollama', body);
    if (badImage) {
      sendJson(res, 400, { error: `illegal base64 data: ${badImage}` });
      return;
    }
    const reply = scenario ?? { kind: 'text', text: echoText(body) };
    if (body.stream === false) await completeChat(res, body, reply);
    else await streamChat(res, body, reply);
  });

  return {
    url: server.origin,
    requests: server.requests,
    get origins() {
      return server.requests.map((r) => r.origin);
    },
    get aborted() {
      return server.aborted;
    },
    enqueue: (scenario, opts) => queue.enqueue(scenario, opts),
    clear: () => queue.clear(),
    close: () => server.close(),
  };
}

interface OllamaChatBody {
  model?: unknown;
  stream?: boolean;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function wireToolCall(c: MockToolCall, index: number) {
  return { ...(c.id ? { id: c.id } : {}), function: { index, name: c.name, arguments: parseArguments(c.arguments) } };
}

function doneFields(body: OllamaChatBody, output: string, reason: string, given?: MockUsage) {
  return {
    done_reason: reason,
    done: true,
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: given?.input ?? promptTokens(body),
    prompt_eval_duration: 200_000,
    eval_count: given?.output ?? estimateTokens(output),
    eval_duration: 700_000,
  };
}

function completeChat(res: ServerResponse, body: OllamaChatBody, scenario: Scenario): Promise<void> {
  const base = { model: String(body.model), created_at: new Date().toISOString() };
  return playWhole(res, scenario, {
    reply({ text, calls, reason, usage, cut }) {
      if (cut) return { ...base, message: { role: 'assistant', content: text }, done: false };
      if (!calls.length)
        return { ...base, message: { role: 'assistant', content: text }, ...doneFields(body, text, reason ?? 'stop', usage) };
      return {
        ...base,
        message: { role: 'assistant', content: text, tool_calls: calls.map(wireToolCall) },
        ...doneFields(body, '', 'stop'),
      };
    },
    error: (message) => ({ error: message ?? 'model runner has unexpectedly stopped' }),
    contentType: 'application/json; charset=utf-8',
    malformed: '{"model": "broken", "message": {',
    dropped: (text) => `{"model": "${String(body.model)}", "message": {"content": ${JSON.stringify(text)}`,
  });
}

/** Ollama's stream: one JSON object a line, the last with `done: true` and the counts. */
function streamChat(res: ServerResponse, body: OllamaChatBody, scenario: Scenario): Promise<void> {
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  const message = (content: string, extra: Record<string, unknown> = {}) =>
    line({
      model: String(body.model),
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content, ...extra },
      done: false,
    });
  return playStream(res, scenario, {
    headers: { 'content-type': 'application/x-ndjson' },
    text: (piece) => message(piece),
    // Ollama sends each call whole, never in fragments, and reports `stop` afterwards.
    toolCall: (call, index) => [message('', { tool_calls: [wireToolCall(call, index)] })],
    finish: ({ reason, text, usage }) => [
      line({
        model: String(body.model),
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content: '' },
        ...doneFields(body, text, reason ?? 'stop', usage),
      }),
    ],
    error: (text) => line({ error: text ?? 'model runner has unexpectedly stopped' }),
    malformed: '{"model": "broken", "message": {\n',
  });
}

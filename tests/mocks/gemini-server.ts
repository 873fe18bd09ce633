/**
 * A local stand-in for the Gemini API (generativelanguage.googleapis.com):
 * GET /v1beta/models (paged), POST /v1beta/models/{model}:generateContent and
 * :streamGenerateContent?alt=sse, with Google's error bodies. Like the real
 * service it takes the key from the x-goog-api-key header; unlike it, it
 * refuses a key in the query string, so a client that leaks the key into a
 * URL fails its tests.
 */
import type { ServerResponse } from 'node:http';
import {
  answerCors,
  estimateTokens,
  openCorsHeaders,
  playStream,
  playWhole,
  sendJson,
  startMockHttpServer,
  type EnqueueOptions,
  type MockRoute,
  type MockToolCall,
  type MockUsage,
  type RecordedRequest,
  type Scenario,
} from './scenario';
import { imageProblem } from './image-parts';

/** The shared scenarios, plus a prompt the service refuses outright (promptFeedback.blockReason). */
export type GeminiScenario = Scenario | { kind: 'prompt-blocked'; blockReason: string };

export interface GeminiMockModel {
  /** Model id without the `models/` prefix. */
  id: string;
  displayName?: string;
  /** supportedGenerationMethods; generateContent and countTokens when left out. */
  methods?: string[];
}

export interface GeminiMockOptions {
  /** When set, every request must carry `x-goog-api-key: <apiKey>`. */
  apiKey?: string;
  models?: GeminiMockModel[];
  /** The most models one page holds, whatever pageSize asks for (the real service caps at 1000, defaults to 50). */
  maxPageSize?: number;
}

export interface GeminiMock {
  /** http://127.0.0.1:PORT: what the adapter's Base URL setting expects (the SDK adds /v1beta). */
  url: string;
  requests: RecordedRequest[];
  readonly aborted: number;
  enqueue(scenario: GeminiScenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

export const DEFAULT_GEMINI_MODELS: GeminiMockModel[] = [
  { id: 'gemini-2.0-flash', displayName: 'Gemini 2.0 Flash' },
  { id: 'gemini-2.5-pro', displayName: 'Gemini 2.5 Pro' },
  { id: 'text-embedding-004', displayName: 'Text Embedding 004', methods: ['embedContent'] },
  { id: 'gemini-2.5-flash', displayName: 'Gemini 2.5 Flash' },
  { id: 'imagen-3.0-generate-002', displayName: 'Imagen 3.0', methods: ['predict'] },
];

const STATUS_NAMES: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: {
    status: 'INTERNAL',
    message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
};

/** Google's error body: `{ error: { code, message, status, details } }`. */
export function geminiErrorBody(code: number, message?: string, details?: unknown[]): unknown {
  const d = STATUS_NAMES[code] ?? { status: 'UNKNOWN', message: `Status ${code}.` };
  return { error: { code, message: message ?? d.message, status: d.status, ...(details ? { details } : {}) } };
}

/**
 * A 429 as Gemini sends it when a quota runs out: which quota (per minute or
 * per day) is named in a QuotaFailure detail, and a RetryInfo says when to
 * come back.
 */
export function geminiQuotaErrorBody(period: 'minute' | 'day'): unknown {
  const quotaId =
    period === 'minute' ? 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier' : 'GenerateRequestsPerDayPerProjectPerModel-FreeTier';
  return geminiErrorBody(
    429,
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    [
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          {
            quotaMetric: `generativelanguage.googleapis.com/generate_content_free_tier_requests`,
            quotaId,
            quotaDimensions: { location: 'global', model: 'gemini-2.0-flash' },
            quotaValue: period === 'minute' ? '15' : '200',
          },
        ],
      },
      {
        '@type': 'type.googleapis.com/google.rpc.Help',
        links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }],
      },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: period === 'minute' ? '37s' : '43200s' },
    ],
  );
}

const INVALID_KEY_BODY = geminiErrorBody(400, 'API key not valid. Please pass a valid API key.', [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'API_KEY_INVALID',
    domain: 'googleapis.com',
    metadata: { service: 'generativelanguage.googleapis.com' },
  },
]);

const NO_KEY_BODY = geminiErrorBody(
  403,
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
);

interface WirePart {
  text?: string;
  functionCall?: { name?: string; args?: unknown; id?: string };
  functionResponse?: unknown;
}

interface GenerateBody {
  contents?: { role?: string; parts?: WirePart[] }[];
}

/** The text of the last user turn that carries text (function responses are user turns too). */
function lastGeminiUserText(body: unknown): string {
  const contents = (body as GenerateBody | undefined)?.contents ?? [];
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i];
    if (c?.role !== 'user') continue;
    const text = (c.parts ?? []).map((p) => p.text ?? '').join('');
    if (text) return text;
  }
  return '';
}

type Route = { kind: 'models' } | { kind: 'generate'; model: string; stream: boolean };

function routeOf(method: string, url: URL): Route | undefined {
  if (method === 'GET' && url.pathname === '/v1beta/models') return { kind: 'models' };
  const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
  if (method !== 'POST' || !match) return undefined;
  return { kind: 'generate', model: decodeURIComponent(match[1]!), stream: match[2] === 'streamGenerateContent' };
}

let sequence = 0;

export async function startGeminiMock(options: GeminiMockOptions = {}): Promise<GeminiMock> {
  const queues: Record<MockRoute, GeminiScenario[]> = { chat: [], models: [] };
  const models = options.models ?? DEFAULT_GEMINI_MODELS;
  const maxPageSize = options.maxPageSize ?? 50;

  const server = await startMockHttpServer(async (req, res, recorded) => {
    if (answerCors(req, res, openCorsHeaders(req))) return;

    const url = new URL(recorded.path, 'http://mock');
    const route = routeOf(req.method ?? 'GET', url);
    if (!route) {
      sendJson(res, 404, geminiErrorBody(404, `Method not found: ${req.method} ${url.pathname}`));
      return;
    }

    if (options.apiKey !== undefined) {
      if (url.searchParams.has('key')) {
        sendJson(res, 400, geminiErrorBody(400, 'This mock accepts the API key only in the x-goog-api-key header.'));
        return;
      }
      const key = req.headers['x-goog-api-key'];
      if (key === undefined) {
        sendJson(res, 403, NO_KEY_BODY);
        return;
      }
      if (key !== options.apiKey) {
        sendJson(res, 400, INVALID_KEY_BODY);
        return;
      }
    }

    const scenario = (route.kind === 'models' ? queues.models : queues.chat).shift();
    if (scenario?.kind === 'status') {
      sendJson(res, scenario.status, scenario.body ?? geminiErrorBody(scenario.status), scenario.headers);
      return;
    }

    if (route.kind === 'models') {
      listModels(res, url, models, maxPageSize);
      return;
    }

    const known = models.find((m) => m.id === route.model.replace(/^models\//, ''));
    if (!known || !(known.methods ?? ['generateContent']).includes('generateContent')) {
      sendJson(
        res,
        404,
        geminiErrorBody(
          404,
          `models/${route.model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
        ),
      );
      return;
    }

    const body = (recorded.body ?? {}) as GenerateBody;
    const badImage = imageProblem('gemini', body);
    if (badImage) {
      sendJson(res, 400, geminiErrorBody(400, `Invalid value at '${badImage}'`));
      return;
    }
    const scripted: GeminiScenario = scenario ?? { kind: 'text', text: `Echo: ${lastGeminiUserText(body)}` };
    const reply = new Reply(route.model, body);
    if (!route.stream) {
      await reply.complete(res, scripted);
      return;
    }
    if (url.searchParams.get('alt') !== 'sse') {
      sendJson(res, 400, geminiErrorBody(400, 'This mock streams only as server-sent events (alt=sse).'));
      return;
    }
    await reply.stream(res, scripted);
  });

  return {
    url: server.origin,
    requests: server.requests,
    get aborted() {
      return server.aborted;
    },
    enqueue: (scenario, { route = 'chat', times = 1 } = {}) => {
      for (let i = 0; i < times; i++) queues[route].push(scenario);
    },
    clear: () => {
      queues.chat.length = 0;
      queues.models.length = 0;
    },
    close: () => server.close(),
  };
}

function listModels(res: ServerResponse, url: URL, models: GeminiMockModel[], maxPageSize: number): void {
  const asked = Number(url.searchParams.get('pageSize') ?? '') || 50;
  const size = Math.max(1, Math.min(asked, maxPageSize));
  const token = url.searchParams.get('pageToken');
  const start = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
  const page = models.slice(start, start + size);
  const next = start + size < models.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
  sendJson(res, 200, {
    models: page.map((m) => ({
      name: `models/${m.id}`,
      version: '001',
      displayName: m.displayName ?? m.id,
      description: `Mock model ${m.id}`,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 8192,
      supportedGenerationMethods: m.methods ?? ['generateContent', 'countTokens'],
      temperature: 1,
      topP: 0.95,
      topK: 40,
      maxTemperature: 2,
    })),
    ...(next ? { nextPageToken: next } : {}),
  });
}

const BLOCKING_FINISH = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION']);

const BLOCKED_RATINGS = [
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
];

/** One reply in Gemini's GenerateContentResponse shape, whole or as server-sent events. */
class Reply {
  private readonly id = `mock-response-${++sequence}`;
  private readonly promptTokens: number;

  constructor(
    private readonly model: string,
    body: GenerateBody,
  ) {
    this.promptTokens = estimateTokens(JSON.stringify(body.contents ?? ''));
  }

  private usage(outputText: string, given?: MockUsage) {
    const prompt = given?.input ?? this.promptTokens;
    const output = given?.output ?? estimateTokens(outputText);
    return { promptTokenCount: prompt, candidatesTokenCount: output, totalTokenCount: prompt + output };
  }

  private response(candidate: Record<string, unknown> | undefined, usage: Record<string, number>, extra: Record<string, unknown> = {}) {
    return {
      ...(candidate ? { candidates: [{ ...candidate, index: 0 }] } : {}),
      ...extra,
      usageMetadata: usage,
      modelVersion: this.model,
      responseId: this.id,
    };
  }

  private functionCallParts(calls: MockToolCall[]): WirePart[] {
    return calls.map((c) => ({
      functionCall: { name: c.name, args: JSON.parse(c.arguments) as unknown, ...(c.id ? { id: c.id } : {}) },
    }));
  }

  private finishedCandidate(parts: WirePart[], finishReason: string) {
    if (BLOCKING_FINISH.has(finishReason)) return { finishReason, safetyRatings: BLOCKED_RATINGS };
    return { content: { parts, role: 'model' }, finishReason };
  }

  async complete(res: ServerResponse, scenario: GeminiScenario): Promise<void> {
    if (scenario.kind === 'prompt-blocked') {
      const usage = { promptTokenCount: this.promptTokens, totalTokenCount: this.promptTokens };
      sendJson(res, 200, this.response(undefined, usage, { promptFeedback: { blockReason: scenario.blockReason } }));
      return;
    }
    await playWhole(res, scenario, {
      reply: ({ text, calls, reason = 'STOP', usage, cut }) => {
        if (cut) return this.response({ content: { parts: [{ text }], role: 'model' } }, this.usage(text));
        if (!calls.length) return this.response(this.finishedCandidate([{ text }], reason), this.usage(text, usage));
        const parts = [...(text ? [{ text }] : []), ...this.functionCallParts(calls)];
        return this.response({ content: { parts, role: 'model' }, finishReason: 'STOP' }, this.usage(JSON.stringify(parts)));
      },
      error: (message) => geminiErrorBody(500, message),
      contentType: 'application/json; charset=UTF-8',
      malformed: '{"candidates": [',
      dropped: (text) => `{"candidates": [{"content": {"parts": [{"text": ${JSON.stringify(text)}`,
    });
  }

  async stream(res: ServerResponse, scenario: GeminiScenario): Promise<void> {
    const early = { promptTokenCount: this.promptTokens, totalTokenCount: this.promptTokens };
    // Gemini ends each event with CRLF CRLF.
    const event = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\r\n\r\n`;
    const textEvent = (text: string) => event(this.response({ content: { parts: [{ text }], role: 'model' } }, early));
    const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
    if (scenario.kind === 'prompt-blocked') {
      res.writeHead(200, headers);
      res.end(event(this.response(undefined, early, { promptFeedback: { blockReason: scenario.blockReason } })));
      return;
    }
    // The last piece of text is held back: it rides with the finish reason.
    let held = '';
    const release = (next: string) => {
      const owed = held ? textEvent(held) : '';
      held = next;
      return owed;
    };
    await playStream(res, scenario, {
      headers,
      text: release,
      textDone: () => [release('')],
      toolCall: () => [],
      finish: ({ reason = 'STOP', calls, text, usage }) => {
        if (calls.length) {
          const parts = this.functionCallParts(calls);
          return [event(this.response({ content: { parts, role: 'model' }, finishReason: 'STOP' }, this.usage(JSON.stringify(parts))))];
        }
        const last = held;
        const finishing = event(this.response(this.finishedCandidate([{ text: last }], reason), this.usage(text, usage)));
        // A blocking finish carries no content, so the held piece goes first.
        return BLOCKING_FINISH.has(reason) ? [release(''), finishing] : [finishing];
      },
      error: (message) => event(geminiErrorBody(500, message)),
      malformed: event('{"candidates": ['),
    });
  }
}

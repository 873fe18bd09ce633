/**
 * A local stand-in for an Azure AI model inference endpoint, as the
 * `@azure-rest/ai-inference` client talks to it: POST {endpoint}/chat/completions
 * and GET {endpoint}/info, both with an `api-version` query value, answered
 * with server-sent events (`data: [DONE]` last) or plain JSON, and failures
 * as `{ error: { code, message } }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answerCors,
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
} from './scenario';
import { completionsWhole, completionsWire } from './openai-server';
import { imageProblem } from './image-parts';

/** How the mock checks who is calling; undefined lets everyone in. */
export type AzureMockAuth = { header: string; key: string } | { bearer: string } | undefined;

export interface AzureModelInfo {
  model_name: string;
  model_type: string;
  model_provider_name: string;
}

export interface AzureMockOptions {
  auth?: AzureMockAuth;
  /** api-version values the endpoint accepts. */
  apiVersions?: string[];
  /** What GET /info answers; null answers 404, as Azure OpenAI and multi-model endpoints do. */
  modelInfo?: AzureModelInfo | null;
}

export interface AzureMock {
  /** The endpoint to configure: the origin plus /models, as Azure AI Foundry endpoints look. */
  url: string;
  origin: string;
  requests: RecordedRequest[];
  readonly aborted: number;
  /** Changed between requests by tests that edit the provider's settings. */
  auth: AzureMockAuth;
  apiVersions: string[];
  modelInfo: AzureModelInfo | null;
  enqueue(scenario: Scenario, options?: EnqueueOptions): void;
  clear(): void;
  close(): Promise<void>;
}

export const AZURE_MOCK_MODEL: AzureModelInfo = {
  model_name: 'Mistral-small-2503',
  model_type: 'chat-completion',
  model_provider_name: 'Mistral',
};

const PREFIX = '/models';

const ERROR_DEFAULTS: Record<number, { code: string; message: string }> = {
  400: { code: 'BadRequest', message: 'The request is invalid.' },
  401: {
    code: '401',
    message:
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
  },
  403: { code: 'Forbidden', message: 'Principal does not have access to API/Operation.' },
  404: { code: 'unknown_model', message: 'Unknown model: the model you requested is not deployed.' },
  429: {
    code: '429',
    message: 'Requests to the ChatCompletions_Create Operation have exceeded call rate limit. Please retry after 1 second.',
  },
  500: { code: 'InternalServerError', message: 'The server had an error while processing your request.' },
  503: { code: 'ServiceUnavailable', message: 'The service is temporarily unable to process your request.' },
};

/** Azure's error body: `{ error: { code, message } }`. */
export function azureErrorBody(status: number, message?: string, code?: string): unknown {
  const d = ERROR_DEFAULTS[status] ?? { code: String(status), message: `Status ${status}.` };
  return { error: { code: code ?? d.code, message: message ?? d.message } };
}

function authorised(req: IncomingMessage, auth: AzureMockAuth): boolean {
  if (!auth) return true;
  if ('bearer' in auth) return req.headers.authorization === `Bearer ${auth.bearer}`;
  return req.headers[auth.header.toLowerCase()] === auth.key;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
}

let sequence = 0;

export async function startAzureMock(options: AzureMockOptions = {}): Promise<AzureMock> {
  const queue = new ScenarioQueue();
  const state = {
    auth: options.auth,
    apiVersions: options.apiVersions ?? ['2024-05-01-preview'],
    modelInfo: options.modelInfo === undefined ? AZURE_MOCK_MODEL : options.modelInfo,
  };

  const server = await startMockHttpServer(async (req, res, recorded) => {
    if (answerCors(req, res, openCorsHeaders(req))) return;

    const url = new URL(recorded.path, 'http://mock');
    const route =
      req.method === 'GET' && url.pathname === `${PREFIX}/info`
        ? 'models'
        : req.method === 'POST' && url.pathname === `${PREFIX}/chat/completions`
          ? 'chat'
          : undefined;
    if (!route) {
      sendJson(res, 404, azureErrorBody(404, `Resource not found: ${req.method} ${url.pathname}`, '404'));
      return;
    }

    const version = url.searchParams.get('api-version');
    if (!version) {
      sendJson(
        res,
        400,
        azureErrorBody(400, 'The api-version query parameter (?api-version=) is required for all requests.', 'MissingApiVersionParameter'),
      );
      return;
    }
    if (!state.apiVersions.includes(version)) {
      sendJson(res, 400, azureErrorBody(400, `The api-version '${version}' is not supported.`, 'UnsupportedApiVersion'));
      return;
    }
    if (!authorised(req, state.auth)) {
      sendJson(res, 401, azureErrorBody(401));
      return;
    }

    const scenario = queue.next(route);
    if (scenario?.kind === 'status') {
      sendJson(res, scenario.status, scenario.body ?? azureErrorBody(scenario.status), scenario.headers);
      return;
    }

    if (route === 'models') {
      if (state.modelInfo) sendJson(res, 200, state.modelInfo);
      else sendJson(res, 404, azureErrorBody(404, 'Resource not found', '404'));
      return;
    }

    const body = (recorded.body ?? {}) as ChatBody;
    const badImage = imageProblem('openai', body);
    if (badImage) {
      sendJson(res, 400, azureErrorBody(400, `Invalid image: ${badImage}`, 'BadRequest'));
      return;
    }
    const reply = scenario ?? { kind: 'text', text: echoText(body) };
    if (body.stream) await streamChat(res, body, reply);
    else await completeChat(res, body, reply);
  });

  return {
    url: `${server.origin}${PREFIX}`,
    origin: server.origin,
    requests: server.requests,
    get aborted() {
      return server.aborted;
    },
    get auth() {
      return state.auth;
    },
    set auth(value) {
      state.auth = value;
    },
    get apiVersions() {
      return state.apiVersions;
    },
    set apiVersions(value) {
      state.apiVersions = value;
    },
    get modelInfo() {
      return state.modelInfo;
    },
    set modelInfo(value) {
      state.modelInfo = value;
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

function completeChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  const id = `azure-mock-${++sequence}`;
  const wire = completionsWhole(
    {
      base: { id, created: Math.floor(Date.now() / 1000), model: body.model ?? AZURE_MOCK_MODEL.model_name },
      choiceFields: {},
      messageFields: { tool_calls: null },
      usageOf: (text, given) => usageOf(body, text, given),
      errorBody: (message) => azureErrorBody(500, message),
      malformed: '{"id": "azure-broken", "choices": [',
    },
    sequence,
  );
  return playWhole(res, scenario, wire);
}

function streamChat(res: ServerResponse, body: ChatBody, scenario: Scenario): Promise<void> {
  const wire = completionsWire(
    {
      id: `azure-mock-${++sequence}`,
      model: body.model ?? AZURE_MOCK_MODEL.model_name,
      // Azure sends usage with the chunk that carries the finish reason, and null before it.
      chunkFields: { usage: null },
      choiceFields: {},
      roleDelta: { role: 'assistant', content: '' },
      usage: 'finish-chunk',
      usageOf: (text, given) => usageOf(body, text, given),
      errorBody: (message) => azureErrorBody(500, message),
      malformed: '{"id": "azure-broken", "choices": [',
    },
    sequence,
  );
  return playStream(res, scenario, wire);
}

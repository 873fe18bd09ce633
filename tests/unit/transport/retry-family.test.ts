import { deleteDB } from 'idb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../lib/core/chat';
import type { ChatFailure } from '../../../lib/core/errors';
import type { ProviderConfig } from '../../../lib/core/providers';
import { createOpenAICompatibleAdapter } from '../../../lib/providers/openai';
import type { ProviderContext } from '../../../lib/providers/types';
import { AudioCache } from '../../../lib/speech/audio-cache';
import { AZURE_SPEECH_OWNER, createSpeechService, saveSpeechKeys } from '../../../lib/speech/speech-service';
import { normalizeSpeechSettings, type SpeechSettings } from '../../../lib/speech/speech-settings';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { saveProvider } from '../../../lib/storage/provider-records';
import { setSecrets } from '../../../lib/storage/secret-vault';
import { RETRY_POLICY, retryBudgetFor } from '../../../lib/transport/retry-policy';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';
import { fakeClockThatRunsItself } from '../support/fake-clock';

/**
 * One family, one policy: chat, model listing, speech and transcription
 * against the same OpenAI-style server give up after the same number of
 * attempts, and speech that borrows a chat provider's key spends that
 * provider's retry budget. Azure Speech follows the same policy.
 */

let server: Server;
let origin = '';
let status = 500;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    // Drain the upload before answering, as a real server does.
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
      res.end(JSON.stringify({ error: { message: `Status ${status}.`, type: 'server_error', code: null } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  hits.length = 0;
  await closeDb();
  await deleteDB(DB_NAME);
});

// Every retry's back-off passes at once on a fake clock.
let realClock: () => void;
beforeEach(() => (realClock = fakeClockThatRunsItself()));
afterEach(() => realClock());

const PROVIDER = 'family-openai';
const KEY = 'sk-family';

async function openAIProvider(): Promise<ProviderConfig> {
  const config: ProviderConfig = {
    id: PROVIDER,
    kind: 'openai',
    name: 'OpenAI',
    settings: { baseUrl: `${origin}/v1` },
    manualModels: [],
    createdAt: 0,
  };
  await saveProvider(config);
  await setSecrets(PROVIDER, { apiKey: KEY });
  return config;
}

function chatContext(config: ProviderConfig): ProviderContext {
  return { config, settings: config.settings, secrets: { apiKey: KEY }, fetch: credentialedFetch(), signal: new AbortController().signal };
}

function speechService(patch: Partial<SpeechSettings> = {}) {
  const defaults = normalizeSpeechSettings(undefined);
  const settings: SpeechSettings = { ...defaults, openai: { ...defaults.openai, keySource: PROVIDER }, ...patch };
  return createSpeechService({
    fetch: credentialedFetch(),
    openSocket: () => {
      throw new Error('no sockets here');
    },
    loadSettings: async () => settings,
    cache: new AudioCache(),
  });
}

const signal = () => new AbortController().signal;
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e as ChatFailure).error,
  );

async function chatError(config: ProviderConfig) {
  const events: ChatEvent[] = [];
  for await (const e of createOpenAICompatibleAdapter('openai').chat(chatContext(config), {
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
  }))
    events.push(e);
  return events.at(-1)?.type === 'error' ? (events.at(-1) as Extract<ChatEvent, { type: 'error' }>).error : undefined;
}

describe.each([
  [429, 'rate-limited'],
  [500, 'server-error'],
] as const)('the OpenAI family answering %i', (answer, code) => {
  beforeEach(() => {
    status = answer;
  });

  it('is tried the same number of times for chat, model listing, speech and transcription', async () => {
    const config = await openAIProvider();
    const attempts: Record<string, number> = {};
    const count = async (what: string, failure: Promise<unknown>) => {
      const before = hits.length;
      expect(await failure, what).toMatchObject({ code, status: answer });
      attempts[what] = hits.length - before;
    };
    await count('chat', chatError(config));
    await count('models', failureOf(createOpenAICompatibleAdapter('openai').listModels(chatContext(config))));
    const speech = speechService();
    await count('speech', failureOf(speech.synthesize('openai', 'Hello.', { voice: 'nova', rate: 1, pitch: 1 }, signal())));
    await count(
      'transcription',
      failureOf(speech.transcribe(new Blob([new Uint8Array([1, 2])], { type: 'audio/webm' }), 'a.webm', 'en-US', signal())),
    );
    const n = RETRY_POLICY.maxAttempts;
    expect(attempts).toEqual({ chat: n, models: n, speech: n, transcription: n });
    expect(hits.filter((h) => h.endsWith('/audio/speech'))).toHaveLength(n);
    expect(hits.filter((h) => h.endsWith('/audio/transcriptions'))).toHaveLength(n);
  });
});

describe('retry budgets', () => {
  beforeEach(() => {
    status = 503;
  });

  it('speech with a chat provider’s key spends that provider’s budget, as its chat does', async () => {
    await openAIProvider();
    const budget = retryBudgetFor(PROVIDER);
    const before = budget.remaining();
    await failureOf(speechService().synthesize('openai', 'Budget.', { voice: 'nova', rate: 1, pitch: 1 }, signal()));
    expect(before - budget.remaining()).toBe((RETRY_POLICY.maxAttempts - 1) * RETRY_POLICY.transientRetryCost);
  });

  it('Azure Speech is retried by the same policy, on a budget of its own', async () => {
    await saveSpeechKeys({ azure: 'az-key' });
    const service = speechService({ azure: { region: '', endpoint: `${origin}/cognitiveservices/v1` } });
    const before = retryBudgetFor(AZURE_SPEECH_OWNER).remaining();
    const failure = await failureOf(service.synthesize('azure', 'Hallo.', { voice: 'de-DE-KatjaNeural', rate: 1, pitch: 1 }, signal()));
    expect(failure).toMatchObject({ code: 'service-unavailable', status: 503 });
    expect(hits).toHaveLength(RETRY_POLICY.maxAttempts);
    expect(before - retryBudgetFor(AZURE_SPEECH_OWNER).remaining()).toBe((RETRY_POLICY.maxAttempts - 1) * RETRY_POLICY.transientRetryCost);
  });
});

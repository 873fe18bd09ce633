import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConfig } from '../../../lib/core/providers';
import { AudioCache } from '../../../lib/speech/audio-cache';
import { normalizeSpeechSettings, type SpeechSettings } from '../../../lib/speech/speech-settings';
import {
  AZURE_SPEECH_OWNER,
  OPENAI_SPEECH_OWNER,
  createSpeechService,
  resolveOpenAIAccess,
  saveSpeechKeys,
  speechKeys,
} from '../../../lib/speech/speech-service';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { saveProvider } from '../../../lib/storage/provider-records';
import { getSecrets, setSecrets } from '../../../lib/storage/secret-vault';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

const provider = (id: string, kind: ProviderConfig['kind'], settings: Record<string, string> = {}): ProviderConfig => ({
  id,
  kind,
  name: id,
  settings,
  manualModels: [],
  createdAt: Date.now(),
});

const base = (patch: Partial<SpeechSettings['openai']> = {}) => {
  const s = normalizeSpeechSettings(undefined);
  return { ...s, openai: { ...s.openai, ...patch } };
};

describe('the OpenAI key speech uses', () => {
  it('takes the OpenAI provider’s key, base URL, organization and headers automatically', async () => {
    await saveProvider(provider('p1', 'openai', { organization: 'org-1' }));
    await setSecrets('p1', { apiKey: 'sk-provider', extraHeaders: '{"x-team":"a"}' });
    expect(await resolveOpenAIAccess(base())).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-provider',
      organization: 'org-1',
      headers: { 'x-team': 'a' },
      budgetOwner: 'p1',
    });
  });

  it('falls back to the key saved for speech, with its own base URL', async () => {
    await saveSpeechKeys({ openai: ' sk-own ' });
    expect(await resolveOpenAIAccess(base({ baseUrl: 'http://127.0.0.1:9/v1' }))).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-own',
      budgetOwner: OPENAI_SPEECH_OWNER,
    });
    expect(await getSecrets(OPENAI_SPEECH_OWNER)).toEqual({ apiKey: 'sk-own' });
  });

  it('uses a chosen compatible provider even without a key, and says so when it is gone', async () => {
    await saveProvider(provider('local', 'openai-compatible', { baseUrl: 'http://127.0.0.1:8000/v1' }));
    expect(await resolveOpenAIAccess(base({ keySource: 'local' }))).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: '',
      budgetOwner: 'local',
    });
    await expect(resolveOpenAIAccess(base({ keySource: 'gone' }))).rejects.toMatchObject({ error: { code: 'not-found' } });
  });

  it('asks for a key when there is none', async () => {
    await expect(resolveOpenAIAccess(base({ keySource: 'own' }))).rejects.toMatchObject({ error: { code: 'credential-missing' } });
  });
});

describe('speech keys', () => {
  it('reports which keys are set, never their values, and removes a key set to empty', async () => {
    expect(await speechKeys()).toEqual({ openai: false, azure: false });
    expect(await saveSpeechKeys({ azure: 'az-1' })).toEqual({ openai: false, azure: true });
    expect(await getSecrets(AZURE_SPEECH_OWNER)).toEqual({ key: 'az-1' });
    expect(await saveSpeechKeys({ azure: '' })).toEqual({ openai: false, azure: false });
    await expect(saveSpeechKeys({ openai: '   ' })).rejects.toMatchObject({ error: { code: 'credential-missing' } });
  });
});

describe('the speech service', () => {
  it('synthesizes with OpenAI once per text, voice and speed, then serves the cache', async () => {
    await saveSpeechKeys({ openai: 'sk-own' });
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'audio/mpeg' } }));
    const settings = { ...base({ keySource: 'own', baseUrl: 'http://127.0.0.1:9/v1', model: 'tts-1-hd', format: 'mp3' }) };
    const service = createSpeechService({ fetch, openSocket: vi.fn(), loadSettings: async () => settings, cache: new AudioCache() });
    const signal = new AbortController().signal;
    const first = await service.synthesize('openai', 'Hello.', { voice: 'nova', rate: 1, pitch: 1 }, signal);
    const again = await service.synthesize('openai', 'Hello.', { voice: 'nova', rate: 1, pitch: 1.3 }, signal);
    expect(fetch).toHaveBeenCalledOnce();
    expect(again).toEqual(first);
    await service.synthesize('openai', 'Hello.', { voice: 'nova', rate: 1.5, pitch: 1 }, signal);
    await service.synthesize('openai', 'Hello.', { voice: 'onyx', rate: 1, pitch: 1 }, signal);
    expect(fetch).toHaveBeenCalledTimes(3);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9/v1/audio/speech');
    expect(JSON.parse(init.body as string)).toMatchObject({ model: 'tts-1-hd', voice: 'nova', input: 'Hello.' });
  });

  it('calls Azure with the saved key and region, keeping pitch in the cache key', async () => {
    await saveSpeechKeys({ azure: 'az-key' });
    const fetch = vi.fn(async () => new Response(new Uint8Array([5]), { headers: { 'content-type': 'audio/mpeg' } }));
    const settings = { ...base(), azure: { region: 'westus2', endpoint: '' } };
    const service = createSpeechService({ fetch, openSocket: vi.fn(), loadSettings: async () => settings });
    const signal = new AbortController().signal;
    await service.synthesize('azure', 'Hi.', { voice: 'en-US-JennyNeural', rate: 1, pitch: 1 }, signal);
    await service.synthesize('azure', 'Hi.', { voice: 'en-US-JennyNeural', rate: 1, pitch: 1.2 }, signal);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]).toMatchObject([
      'https://westus2.tts.speech.microsoft.com/cognitiveservices/v1',
      { headers: { 'ocp-apim-subscription-key': 'az-key' } },
    ]);
  });

  it('sends a recording to /audio/transcriptions as multipart with the model and language', async () => {
    await saveSpeechKeys({ openai: 'sk-own' });
    const fetch = vi.fn(async () => Response.json({ text: ' Hello there. ' }));
    const settings = {
      ...base({ keySource: 'own', baseUrl: 'http://127.0.0.1:9/v1' }),
      dictation: { engine: 'openai' as const, locale: '' as const, model: 'gpt-4o-mini-transcribe' as const },
    };
    const service = createSpeechService({ fetch, openSocket: vi.fn(), loadSettings: async () => settings });
    const text = await service.transcribe(
      new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
      'dictation.webm',
      'de-DE',
      new AbortController().signal,
    );
    expect(text).toBe('Hello there.');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9/v1/audio/transcriptions');
    // Besides the SDK's own (accept, user-agent, x-stainless-*), only the key goes out.
    const headers = Object.fromEntries(new Headers(init.headers));
    expect(headers).toMatchObject({ authorization: 'Bearer sk-own' });
    expect(Object.keys(headers).filter((h) => !/^(accept|user-agent|x-stainless-)/.test(h))).toEqual(['authorization']);
    const form = init.body as FormData;
    expect(form.get('model')).toBe('gpt-4o-mini-transcribe');
    expect(form.get('language')).toBe('de');
    const file = form.get('file') as File;
    expect(file.name).toBe('dictation.webm');
    expect(file.size).toBe(3);
  });
});

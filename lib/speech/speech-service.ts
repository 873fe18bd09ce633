/**
 * The background's side of cloud speech: which key and endpoint each service
 * is called with, the calls themselves, and the cache of what was already
 * synthesized. Only the background imports this module, because it reads
 * the secret vault.
 */
import { fail } from '../core/errors';
import { effectiveSettings } from '../core/providers';
import type { CloudEngineId, SpeechKeys } from './cloud-keys';
import { parseExtraHeaders } from '../transport/extra-headers';
import { listProviders } from '../storage/provider-records';
import { getSecrets, secretFieldsSet, setSecrets } from '../storage/secret-vault';
import { retryBudgetFor, retryingFetch } from '../transport/retry-policy';
import type { FetchLike } from '../transport/secure-fetch';
import { requireCredential } from '../transport/url-policy';
import { AudioCache } from './audio-cache';
import type { SynthesisParams, SynthesizedAudio, WordMark } from './audio-engine';
import { synthesizeAzureSpeech } from './engines/azure-speech';
import { synthesizeEdgeSpeech, type SocketLike } from './engines/edge-read-aloud';
import { synthesizeOpenAISpeech, type OpenAIAccess } from './engines/openai-tts';
import { loadSpeechSettings } from './speech-prefs';
import type { SpeechSettings } from './speech-settings';
import { transcribeOpenAI } from './transcription';

/** Vault owners of the keys entered in speech settings. */
export const OPENAI_SPEECH_OWNER = 'speech:openai';
export const AZURE_SPEECH_OWNER = 'speech:azure';

/**
 * The OpenAI key speech uses. `auto` takes the first OpenAI provider, else
 * the key saved in speech settings; a provider id takes that provider (an
 * OpenAI-compatible one may have no key, as local servers do).
 */
export async function resolveOpenAIAccess(settings: SpeechSettings): Promise<OpenAIAccess> {
  const source = settings.openai.keySource;
  if (source !== 'own') {
    const providers = await listProviders();
    const provider = source === 'auto' ? providers.find((p) => p.kind === 'openai') : providers.find((p) => p.id === source);
    if (provider && (provider.kind === 'openai' || provider.kind === 'openai-compatible')) {
      const secrets = await getSecrets(provider.id);
      const s = effectiveSettings(provider);
      const apiKey = provider.kind === 'openai' ? requireCredential(secrets.apiKey) : (secrets.apiKey?.trim() ?? '');
      return {
        baseUrl: s.baseUrl ?? '',
        apiKey,
        budgetOwner: provider.id,
        ...(s.organization ? { organization: s.organization } : {}),
        ...(secrets.extraHeaders?.trim() ? { headers: parseExtraHeaders(secrets.extraHeaders) } : {}),
      };
    }
    if (source !== 'auto') fail('not-found', 'The provider chosen for speech was removed.');
  }
  const own = await getSecrets(OPENAI_SPEECH_OWNER);
  return { baseUrl: settings.openai.baseUrl, apiKey: requireCredential(own.apiKey), budgetOwner: OPENAI_SPEECH_OWNER };
}

export async function speechKeys(): Promise<SpeechKeys> {
  const [openai, azure] = await Promise.all([secretFieldsSet(OPENAI_SPEECH_OWNER), secretFieldsSet(AZURE_SPEECH_OWNER)]);
  return { openai: !!openai.apiKey, azure: !!azure.key };
}

/** A typed key must hold more than spaces; an empty one removes the saved key. */
export async function saveSpeechKeys(values: { openai?: string; azure?: string }): Promise<SpeechKeys> {
  for (const value of [values.openai, values.azure]) if (value !== undefined && value !== '') requireCredential(value);
  if (values.openai !== undefined) await setSecrets(OPENAI_SPEECH_OWNER, { apiKey: values.openai.trim() });
  if (values.azure !== undefined) await setSecrets(AZURE_SPEECH_OWNER, { key: values.azure.trim() });
  return speechKeys();
}

export interface SpeechServiceDeps {
  /** The fetch for calls that carry a key: credentialedFetch in the background. */
  fetch: FetchLike;
  openSocket(url: string): SocketLike;
  loadSettings?(): Promise<SpeechSettings>;
  cache?: AudioCache;
  now?(): number;
}

export interface SpeechService {
  synthesize(engine: CloudEngineId, text: string, params: SynthesisParams, signal: AbortSignal): Promise<SynthesizedAudio>;
  transcribe(audio: Blob, fileName: string, language: string | undefined, signal: AbortSignal): Promise<string>;
}

export function createSpeechService(deps: SpeechServiceDeps): SpeechService {
  const loadSettings = deps.loadSettings ?? loadSpeechSettings;
  const cache = deps.cache ?? new AudioCache();
  // The cache holds bytes; what else describes them rides along, keyed by the very buffer.
  const described = new WeakMap<object, { mime: string; marks: WordMark[] }>();
  // Azure Speech retries by the shared policy, as the OpenAI calls do inside their SDK client.
  const azureFetch = retryingFetch(deps.fetch, { budget: retryBudgetFor(AZURE_SPEECH_OWNER) });

  const call = async (engine: CloudEngineId, settings: SpeechSettings, text: string, params: SynthesisParams, signal: AbortSignal) => {
    switch (engine) {
      case 'openai': {
        const access = await resolveOpenAIAccess(settings);
        const { model, format } = settings.openai;
        return synthesizeOpenAISpeech(deps.fetch, access, { model, format, voice: params.voice, speed: params.rate }, text, signal);
      }
      case 'azure': {
        const { key } = await getSecrets(AZURE_SPEECH_OWNER);
        const access = { key: key ?? '', region: settings.azure.region, endpoint: settings.azure.endpoint };
        return synthesizeAzureSpeech(azureFetch, access, params, text, signal);
      }
      case 'edge':
        return synthesizeEdgeSpeech({ openSocket: deps.openSocket, endpoint: settings.edge.endpoint, now: deps.now }, params, text, signal);
    }
  };

  return {
    async synthesize(engine, text, params, signal) {
      const settings = await loadSettings();
      // Whatever changes the sound is part of the key; OpenAI has no pitch.
      const variant = engine === 'openai' ? `openai:${settings.openai.model}:${settings.openai.format}` : `${engine}:${params.pitch}`;
      const key = { engine: variant, voice: params.voice, speed: params.rate, text };
      const hit = cache.get(key);
      const about = hit && described.get(hit);
      if (hit instanceof ArrayBuffer && about) return { bytes: hit, ...about };
      const audio = await call(engine, settings, text, params, signal);
      described.set(audio.bytes, { mime: audio.mime, marks: audio.marks });
      cache.set(key, audio.bytes);
      return audio;
    },

    async transcribe(audio, fileName, language, signal) {
      const settings = await loadSettings();
      const access = await resolveOpenAIAccess(settings);
      return transcribeOpenAI(
        deps.fetch,
        access,
        { model: settings.dictation.model, ...(language ? { language } : {}) },
        audio,
        fileName,
        signal,
      );
    },
  };
}

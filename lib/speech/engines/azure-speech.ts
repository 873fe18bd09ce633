import { codeForStatus, fail } from '../../core/errors';
import type { FetchLike } from '../../transport/secure-fetch';
import { assertCredentialUrl, requireCredential } from '../../transport/url-policy';
import { audioOfResponse } from '../audio-bytes';
import type { SynthesisParams, SynthesizedAudio } from '../audio-engine';
import { buildSsml } from '../ssml';
import { neuralVoiceLocale } from '../voices';

/** Compressed and widely decodable; Edge asks for the same. */
const AZURE_OUTPUT_FORMAT = 'audio-24khz-48kbitrate-mono-mp3';

/** Azure Speech accepts up to ten minutes of audio per request; this keeps a request to a few. */
export const AZURE_CHUNK_LENGTH = 3000;

export interface AzureSpeechAccess {
  key: string;
  region: string;
  /** A full URL replacing the regional one, e.g. a private endpoint or a test server. */
  endpoint?: string;
}

/** https://{region}.tts.speech.microsoft.com/cognitiveservices/v1, or the endpoint the user set. */
export function azureSpeechUrl({ region, endpoint }: Pick<AzureSpeechAccess, 'region' | 'endpoint'>): string {
  if (endpoint?.trim()) return assertCredentialUrl(endpoint).href;
  const r = region.trim().toLowerCase();
  if (!r) fail('region-missing', 'Region is missing');
  // The region becomes part of a host name: anything else could point the key at another host.
  if (!/^[a-z0-9]+$/.test(r)) fail('invalid-url', `Not an Azure region: ${region}`);
  return `https://${r}.tts.speech.microsoft.com/cognitiveservices/v1`;
}

export function azureSpeechRequest(access: AzureSpeechAccess, ssml: string): { url: string; init: RequestInit } {
  return {
    url: azureSpeechUrl(access),
    init: {
      method: 'POST',
      headers: {
        'ocp-apim-subscription-key': requireCredential(access.key),
        'content-type': 'application/ssml+xml',
        'x-microsoft-outputformat': AZURE_OUTPUT_FORMAT,
      },
      body: ssml,
    },
  };
}

export function azureSsml(text: string, { voice, rate, pitch }: SynthesisParams): string {
  return buildSsml({ text, voice, lang: neuralVoiceLocale(voice) ?? 'en-US', rate, pitch, pitchUnit: '%' });
}

export async function synthesizeAzureSpeech(
  fetchFn: FetchLike,
  access: AzureSpeechAccess,
  params: SynthesisParams,
  text: string,
  signal: AbortSignal,
): Promise<SynthesizedAudio> {
  const { url, init } = azureSpeechRequest(access, azureSsml(text, params));
  const response = await fetchFn(url, { ...init, signal });
  if (!response.ok) {
    // Azure explains failures in plain text, when at all.
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    fail(codeForStatus(response.status), detail || `${response.status} ${response.statusText}`.trim(), {
      status: response.status,
      provider: 'azure-speech',
    });
  }
  return audioOfResponse(response, 'audio/mpeg', 'azure-speech');
}

import { ChatFailure, chatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import type { CloudEngineId } from '../../lib/messaging/speech-protocol';
import { base64ToBytes } from '../../lib/core/base64';
import type { AudioSpeechEngine, SynthesisParams, SynthesizedAudio } from '../../lib/speech/audio-engine';
import { createAudioElementPlayer } from '../../lib/speech/audio-player';
import { cloudEngineCache, isCloudEngine } from '../../lib/speech/cloud-engines';
import type { SpeechEngine } from '../../lib/speech/engine';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import { createWebSpeechEngine, webSpeechOf } from '../../lib/speech/engines/web-speech';
import { loadSpeechSettings } from '../../lib/speech/speech-prefs';

/** One player for the panel: an answer, a preview and the next answer take turns. */
const player = createAudioElementPlayer();

const aborted = (signal: AbortSignal) => signal.reason ?? new DOMException('Speech was stopped.', 'AbortError');

/** Synthesis through the background, which holds the keys; a stop calls the request off there too. */
function remoteSynthesize(engine: CloudEngineId, text: string, params: SynthesisParams, signal: AbortSignal): Promise<SynthesizedAudio> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted(signal));
    const requestId = crypto.randomUUID();
    const onAbort = () => {
      reject(aborted(signal));
      request('speech.cancel', { requestId }).catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    request('speech.synthesize', { engine, text, ...params, requestId })
      .then((audio) => resolve({ bytes: base64ToBytes(audio.audio), mime: audio.mime, marks: audio.marks }), reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const cloudEngine = cloudEngineCache({ settings: loadSpeechSettings, synthesize: remoteSynthesize, sink: () => player });

const unsupported: SpeechEngine = {
  id: 'browser',
  listVoices: async () => [],
  speak: async () => {
    throw new ChatFailure(chatError('unsupported', 'This browser has no speech synthesis.', { type: 'tts' }));
  },
};

/**
 * The engine that speaks in the panel: the browser's speechSynthesis, or a
 * cloud voice synthesized by the background and played here.
 */
export function panelEngine(id: SpeechEngineId, lang?: string): SpeechEngine & Partial<Pick<AudioSpeechEngine, 'prepare'>> {
  if (isCloudEngine(id)) return cloudEngine(id);
  const speech = webSpeechOf(globalThis);
  return speech ? createWebSpeechEngine(speech, lang ? { lang } : {}) : unsupported;
}

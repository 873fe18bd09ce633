import type { CloudEngineId } from './cloud-keys';
import { OPENAI_SPEECH_INPUT_LIMIT } from './chunk-text';
import type { SpeechEngineId } from '../core/speech-engines';
import { createAudioEngine, type AudioSink, type AudioSpeechEngine, type SynthesisParams, type SynthesizedAudio } from './audio-engine';
import { AZURE_CHUNK_LENGTH } from './engines/azure-speech';
import { EDGE_CHUNK_LENGTH } from './engines/edge-read-aloud';
import type { SpeechSettings } from './speech-settings';
import { neuralVoiceOptions, openaiVoiceOptions } from './voices';

export const isCloudEngine = (id: SpeechEngineId): id is CloudEngineId => id !== 'browser';

/** How much text one request to each service may carry. */
const CHUNK_LIMITS: Readonly<Record<CloudEngineId, number>> = {
  openai: OPENAI_SPEECH_INPUT_LIMIT,
  azure: AZURE_CHUNK_LENGTH,
  edge: EDGE_CHUNK_LENGTH,
};

export interface CloudEngineDeps {
  /** Read when voices are listed, so OpenAI's list follows the chosen model. */
  settings(): Promise<SpeechSettings>;
  synthesize(engine: CloudEngineId, text: string, params: SynthesisParams, signal: AbortSignal): Promise<SynthesizedAudio>;
  /** Asked when an engine is first made; may throw where there is nowhere to play audio, and then nothing is kept. */
  sink(): AudioSink;
}

/**
 * The cloud engines of one place (the panel, or the background's reader),
 * each made once and kept, so audio one call prepares is found by the speak
 * that follows it.
 */
export function cloudEngineCache(deps: CloudEngineDeps): (id: CloudEngineId) => AudioSpeechEngine {
  const made = new Map<CloudEngineId, AudioSpeechEngine>();
  return (id) => {
    let engine = made.get(id);
    if (!engine) {
      engine = createAudioEngine({
        id,
        listVoices: async (locale) =>
          id === 'openai' ? openaiVoiceOptions((await deps.settings()).openai.model) : neuralVoiceOptions(locale),
        synthesize: (text, params, signal) => deps.synthesize(id, text, params, signal),
        sink: deps.sink(),
        maxChunkLength: CHUNK_LIMITS[id],
      });
      made.set(id, engine);
    }
    return engine;
  };
}

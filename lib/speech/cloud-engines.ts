import type { CloudEngineId } from './cloud-keys';
import { OPENAI_SPEECH_INPUT_LIMIT } from './chunk-text';
import type { SpeechEngineId } from '../core/speech-engines';
import { AZURE_CHUNK_LENGTH } from './engines/azure-speech';
import { EDGE_CHUNK_LENGTH } from './engines/edge-read-aloud';

export const isCloudEngine = (id: SpeechEngineId): id is CloudEngineId => id !== 'browser';

/** How much text one request to each service may carry. */
export const CHUNK_LIMITS: Readonly<Record<CloudEngineId, number>> = {
  openai: OPENAI_SPEECH_INPUT_LIMIT,
  azure: AZURE_CHUNK_LENGTH,
  edge: EDGE_CHUNK_LENGTH,
};

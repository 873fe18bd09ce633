/**
 * The speech engines' ids, here rather than in lib/speech so that the layers below it (a persona's voice in
 * lib/core/prompts.ts, its file reader in lib/prompts) can name them.
 * browser: chrome.tts or speechSynthesis; openai: /audio/speech;
 * azure: Azure Speech with the user's key; edge: Edge's read-aloud service.
 */
export type SpeechEngineId = 'browser' | 'openai' | 'azure' | 'edge';

export const SPEECH_ENGINE_IDS: readonly SpeechEngineId[] = ['browser', 'openai', 'azure', 'edge'];

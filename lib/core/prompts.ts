import type { ModelRef } from './providers';
import type { SpeechEngineId } from './speech-engines';

/**
 * A saved prompt of the user's library: the "/" menu offers every one, the right-click menu those marked `inMenu`.
 * The text may use the variables of lib/prompts/variables.ts.
 */
export interface SavedPrompt {
  id: string;
  title: string;
  text: string;
  /** Listed under Quick actions when the user right-clicks selected text. */
  inMenu: boolean;
}

/** The voice a persona's answers are read aloud with: a voice of one engine (a VoiceOption value of lib/speech). */
export interface PersonaVoice {
  engine: SpeechEngineId;
  voice: string;
}

/** Who the assistant is in the chats started with it: their system prompt and, optionally, model, temperature and voice. */
export interface Persona {
  id: string;
  name: string;
  systemPrompt: string;
  model?: ModelRef;
  temperature?: number;
  /** Absent: answers are read with the voice of Settings › Speech. */
  voice?: PersonaVoice;
}

import type { ModelRef } from './providers';

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

/** Who the assistant is in the chats started with it: their system prompt and, optionally, model and temperature. */
export interface Persona {
  id: string;
  name: string;
  systemPrompt: string;
  model?: ModelRef;
  temperature?: number;
}

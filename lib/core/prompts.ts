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

import type { SavedPrompt } from '../../lib/core/prompts';
import { filterPrompts } from '../../lib/prompts/library';

/** "/query rest": the command being typed and what follows it, or undefined when the draft is no command. */
export function parseCommand(draft: string): { query: string; input: string } | undefined {
  const match = /^\/(\S*)(?:\s+([\s\S]*))?$/.exec(draft);
  return match ? { query: match[1]!, input: match[2] ?? '' } : undefined;
}

/** A line of the menu: a saved prompt, or one of the panel's actions. */
export type Entry =
  { kind: 'prompt'; prompt: SavedPrompt; label: string } | { kind: 'action'; action: 'usePage' | 'readPage'; label: string };

/** The prompts, then the actions, whose titles hold what follows the "/". */
export function matchingEntries(prompts: readonly SavedPrompt[], query: string, actions: Entry[]): Entry[] {
  const q = query.toLocaleLowerCase();
  return [
    ...filterPrompts(prompts, query).map((prompt) => ({ kind: 'prompt' as const, prompt, label: prompt.title })),
    ...actions.filter((a) => a.label.toLocaleLowerCase().includes(q)),
  ];
}

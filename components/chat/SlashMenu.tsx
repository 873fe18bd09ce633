import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SlashList } from './on-demand-parts';
import { expandWithInput, variablesIn, type PromptVariable } from '../../lib/prompts/variables';
import type { PageTools } from '../page/use-page-tools';
import { usePrompts } from '../prompts/use-prompts';
import { startReading } from '../reader/reader-start';
import { useChatStore } from '../state/chat-store';
import { MissingVariablesNote } from './MissingVariablesNote';
import { matchingEntries, parseCommand, type Entry } from './slash-entries';
import './slash-menu.css';

export interface SlashMenu {
  /** Handles the message box's keys while the menu is open; true when the key was the menu's. */
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** Attributes tying the message box to the list, for screen readers. */
  boxProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string; 'aria-describedby'?: string };
  /** The list, placed before the box (it opens above it). */
  menu: ReactNode;
  /** The note naming variables left without a value, placed after the box. */
  note: ReactNode;
}

/**
 * Typing "/" at the start of the message box lists the prompts and a few actions, filtered by what follows it. Focus
 * stays in the box (the active option is its aria-activedescendant): arrows move, Enter or a click chooses, Escape
 * closes. A prompt replaces the draft with its expanded text for the user to edit and send; variables that found no
 * value are named below the box, and stay in the text as written.
 */
export function useSlashMenu(box: RefObject<HTMLTextAreaElement | null>, page: PageTools): SlashMenu {
  const { t, i18n } = useTranslation();
  const id = useId();
  const draft = useChatStore((s) => s.draft);
  const prompts = usePrompts();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [missing, setMissing] = useState<PromptVariable[]>([]);
  const command = parseCommand(draft);

  useEffect(() => {
    if (!command) setDismissed(false);
    setActive(0);
    // Each new command text starts from the first match.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [command?.query, !!command]);

  const open = !!command && !dismissed && prompts !== undefined;
  // Listed only while open: the panel opens with an empty draft, and its first paint need not case-fold labels.
  const entries: Entry[] = open
    ? matchingEntries(prompts, command.query, [
        { kind: 'action', action: 'usePage', label: t('page.usePage') },
        { kind: 'action', action: 'readPage', label: t('reader.readPage') },
      ])
    : [];
  const optionId = (i: number) => `${id}-option-${i}`;
  // A variable stops being named once the user has replaced it in the text.
  const stillMissing = missing.filter((name) => variablesIn(draft).includes(name));

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, open]);

  const choose = async (entry: Entry | undefined) => {
    if (!entry || !command) return;
    const { input } = command;
    setDismissed(true);
    if (entry.kind === 'action') {
      useChatStore.getState().setDraft(input);
      if (entry.action === 'usePage' && !page.following) page.toggle();
      if (entry.action === 'readPage') void startReading(page.windowId);
      box.current?.focus();
      return;
    }
    // What fills the variables (the page reader and its trimmer) loads with the first prompt chosen.
    const { promptValues } = await import('../prompts/prompt-values');
    const values = await promptValues(entry.prompt.text, input, page.windowId, i18n);
    const expanded = expandWithInput(entry.prompt.text, values);
    useChatStore.getState().setDraft(expanded.text);
    setMissing(expanded.missing);
    const field = box.current;
    if (field) {
      field.focus();
      requestAnimationFrame(() => field.setSelectionRange(field.value.length, field.value.length));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const last = entries.length - 1;
    if (e.key === 'ArrowDown') setActive(active >= last ? 0 : active + 1);
    else if (e.key === 'ArrowUp') setActive(active <= 0 ? Math.max(0, last) : active - 1);
    else if (e.key === 'Escape') setDismissed(true);
    else if (e.key === 'Enter' && !e.shiftKey && entries.length) void choose(entries[active]);
    else return false;
    e.preventDefault();
    return true;
  };

  const listId = `${id}-list`;
  const noteId = `${id}-missing`;
  const menu = open && (
    <SlashList listId={listId} entries={entries} active={active} optionId={optionId} onHover={setActive} onChoose={choose} />
  );
  const note = <MissingVariablesNote id={noteId} missing={stillMissing} />;

  return {
    onKeyDown,
    boxProps: {
      ...(open ? { 'aria-controls': listId } : {}),
      ...(open && entries.length ? { 'aria-activedescendant': optionId(active) } : {}),
      ...(stillMissing.length ? { 'aria-describedby': noteId } : {}),
    },
    menu,
    note,
  };
}

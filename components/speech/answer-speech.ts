import { create } from 'zustand';
import type { ChatError } from '../../lib/core/errors';
import { localeOfLanguage } from '../../lib/i18n/languages';
import type { AnswerReader } from '../../lib/speech/answer-reader';
import { loadPersonas } from '../prompts/use-personas';
import { speechPrefs } from './lazy-speech-prefs';
import type { AnswerHighlighter } from './answer-highlighter';

interface AnswerSpeechState {
  /** The answer being read, if any. */
  messageId?: string;
  /** `starting` until the first sentence is spoken. */
  status: 'idle' | 'starting' | 'speaking';
  /** Why reading an answer stopped early. */
  failure?: { messageId: string; error: ChatError };
}

export const useAnswerSpeech = create<AnswerSpeechState>(() => ({ status: 'idle' }));

let reader: AnswerReader | undefined;
let highlighter: AnswerHighlighter | undefined;
/** Bumped by every start and stop, so a start overtaken while it loaded settings gives up. */
let generation = 0;
/** Answers the user stopped while they were read automatically: they are not picked up again. */
const silenced = new Set<string>();
/** The latest text of the answer being followed, which may arrive while a reading starts up. */
let latest: Followed | undefined;

interface Followed {
  messageId: string;
  markdown: string;
  complete: boolean;
}

export interface ReadRequest {
  messageId: string;
  markdown: string;
  /** The answer has finished streaming. */
  complete: boolean;
  /** The element the answer is rendered in, for highlighting. */
  root(): Element | null | undefined;
  /** The interface language: the voice's fallback language and the sentence splitter's. */
  language: string;
  /** The persona the answer's chat was started with (its id): its voice, if it has one, reads the answer. */
  personaId?: string;
}

export function stopReading(): void {
  generation++;
  const { messageId } = useAnswerSpeech.getState();
  if (messageId) silenced.add(messageId);
  reader?.stop();
  reader = undefined;
  highlighter?.clear();
  highlighter = undefined;
  useAnswerSpeech.setState({ messageId: undefined, status: 'idle' });
}

export async function readAnswer(what: ReadRequest): Promise<void> {
  stopReading();
  silenced.delete(what.messageId);
  const attempt = ++generation;
  latest = undefined;
  useAnswerSpeech.setState({ messageId: what.messageId, status: 'starting', failure: undefined });
  const [settings, persona, { AnswerReader, AnswerHighlighter, panelEngine, answerVoice }] = await Promise.all([
    speechPrefs().then((m) => m.loadSpeechSettings()),
    what.personaId ? loadPersonas().then((all) => all.find((p) => p.id === what.personaId)) : undefined,
    import('./answer-speech-parts'),
  ]);
  if (attempt !== generation) return;
  const locale = localeOfLanguage(what.language);
  const { engine, ...voice } = answerVoice(settings, persona?.voice, locale ? { fallbackLocale: locale } : {});
  const marks = new AnswerHighlighter(what.root);
  const current = new AnswerReader({
    engine: panelEngine(engine, what.language),
    ...voice,
    locale: what.language,
    onSentence: (sentence) => {
      if (reader !== current) return;
      marks.showSentence(sentence);
      if (useAnswerSpeech.getState().status !== 'speaking') useAnswerSpeech.setState({ status: 'speaking' });
    },
    onWord: (sentence, start, length) => {
      if (reader === current) marks.showWord(sentence, start, length);
    },
    onError: (error) => {
      if (reader === current) useAnswerSpeech.setState({ failure: { messageId: what.messageId, error } });
    },
    onEnd: () => {
      if (reader !== current) return;
      marks.clear();
      reader = undefined;
      highlighter = undefined;
      useAnswerSpeech.setState({ messageId: undefined, status: 'idle' });
    },
  });
  reader = current;
  highlighter = marks;
  // Text that streamed in while the settings and the reader loaded; TS cannot see that a callback may have set it.
  const followed = latest as Followed | undefined;
  const text = followed?.messageId === what.messageId ? followed : what;
  current.update(text.markdown);
  if (text.complete) current.finish();
}

/** New text of the answer being read, as it streams in. */
export function followAnswer(messageId: string, markdown: string, complete: boolean): void {
  if (useAnswerSpeech.getState().messageId !== messageId) return;
  latest = { messageId, markdown, complete };
  if (!reader) return;
  if (complete) reader.finish(markdown);
  else reader.update(markdown);
}

/** Auto-read starts on an answer once, unless the user stopped it. */
export function mayAutoRead(messageId: string): boolean {
  return !silenced.has(messageId) && useAnswerSpeech.getState().messageId !== messageId;
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { chatError, toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import type { TextSnapshot } from '../../lib/speech/dictation';
import type { RecognitionHandle } from '../../lib/speech/recognizer';
import type { Recording } from '../../lib/speech/recorder';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { useChatStore } from '../state/chat-store';
import { speechPrefs } from './lazy-speech-prefs';

const parts = () => import('./dictation-parts');
const loadSpeechSettings = async (): Promise<SpeechSettings> => (await speechPrefs()).loadSpeechSettings();

export type DictationPhase = 'idle' | 'permission' | 'listening' | 'recording' | 'transcribing';

export interface Dictation {
  phase: DictationPhase;
  /** The browser has no speech recognition: transcription is offered instead. */
  unsupported: boolean;
  error?: ChatError;
  /** Dictate, or stop dictating. */
  toggle(): void;
  /** Record and have OpenAI transcribe, where recognition is missing. */
  record(): void;
  /** Gives up waiting for the microphone permission. */
  cancel(): void;
}

function mediaError(error: unknown): ChatError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return chatError('forbidden', 'Microphone access was denied.');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return chatError('not-found', 'No microphone was found.');
  return toChatError(error);
}

/**
 * Dictation into the message box: live recognition where the browser has
 * it (interim words appear as they are heard, around whatever was typed),
 * otherwise a recording transcribed by OpenAI. The first use asks for the
 * microphone on an extension page, as the side panel cannot.
 */
export function useDictation(input: RefObject<HTMLTextAreaElement | null>): Dictation {
  const { i18n } = useTranslation();
  const [phase, setPhase] = useState<DictationPhase>('idle');
  const [unsupported, setUnsupported] = useState(false);
  const [error, setError] = useState<ChatError>();
  const recognition = useRef<RecognitionHandle | undefined>(undefined);
  const recording = useRef<Recording | undefined>(undefined);
  const waiting = useRef<AbortController | undefined>(undefined);
  const recordingLanguage = useRef('');

  useEffect(
    () => () => {
      recognition.current?.abort();
      recording.current?.cancel();
      waiting.current?.abort();
    },
    [],
  );

  const snapshot = (): TextSnapshot => {
    const text = useChatStore.getState().draft;
    const box = input.current;
    // The box shows the draft once React has rendered it; until then its caret means nothing.
    if (box && box.value === text) return { text, selectionStart: box.selectionStart, selectionEnd: box.selectionEnd };
    return { text, selectionStart: text.length, selectionEnd: text.length };
  };

  const write = ({ text, caret }: { text: string; caret: number }) => {
    useChatStore.getState().setDraft(text);
    requestAnimationFrame(() => input.current?.setSelectionRange(caret, caret));
  };

  const fail = (e: ChatError) => {
    setError(e);
    setPhase('idle');
  };

  /** True once the extension may use the microphone, asking on the permission page if it must. */
  const microphone = async (): Promise<boolean> => {
    const { askForMicrophone, microphoneState } = await parts();
    const state = await microphoneState();
    if (state === 'granted' || state === 'unknown') return true;
    setPhase('permission');
    const controller = new AbortController();
    waiting.current = controller;
    const answer = await askForMicrophone(controller.signal).catch((e: unknown) => ({ granted: false, error: toChatError(e) }));
    if (waiting.current === controller) waiting.current = undefined;
    if (answer.granted) return true;
    if (answer.error?.code === 'aborted') setPhase('idle');
    else fail(answer.error ?? chatError('forbidden', 'Microphone access was denied.'));
    return false;
  };

  const language = async () => (await loadSpeechSettings()).dictation.locale || i18n.language;

  const listen = async () => {
    const { DictationDraft, recognitionConstructor, startRecognition } = await parts();
    const Recognition = recognitionConstructor(globalThis);
    if (!Recognition) {
      setUnsupported(true);
      return;
    }
    const lang = await language();
    if (!(await microphone())) return;
    const draft = new DictationDraft(snapshot());
    setPhase('listening');
    recognition.current = startRecognition(Recognition, lang, {
      onTranscript: (transcript) => write(draft.update(transcript, snapshot())),
      onError: (e) => setError(e),
      onEnd: () => {
        recognition.current = undefined;
        setPhase('idle');
      },
    });
  };

  const record = async () => {
    setUnsupported(false);
    setError(undefined);
    recordingLanguage.current = await language();
    if (!(await microphone())) return;
    const { startRecording } = await parts();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      recording.current = startRecording(stream);
      setPhase('recording');
    } catch (e) {
      fail(mediaError(e));
    }
  };

  /** Ends the recording and puts the transcript where the caret is now. */
  const transcribe = async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = undefined;
    setPhase('transcribing');
    try {
      const { bytesToBase64, insertDictated } = await parts();
      const audio = await current.stop();
      const { text } = await request('speech.transcribe', {
        audio: bytesToBase64(await audio.arrayBuffer()),
        mime: audio.type,
        language: recordingLanguage.current,
      });
      write(insertDictated(snapshot(), text));
      setPhase('idle');
    } catch (e) {
      fail(toChatError(e));
    }
  };

  return {
    phase,
    unsupported,
    error,
    toggle() {
      if (phase === 'listening') {
        recognition.current?.stop();
        return;
      }
      if (phase === 'recording') {
        void transcribe();
        return;
      }
      if (phase !== 'idle') return;
      setError(undefined);
      setUnsupported(false);
      void loadSpeechSettings().then((s) => (s.dictation.engine === 'openai' ? record() : listen()));
    },
    record: () => void record(),
    cancel() {
      waiting.current?.abort();
    },
  };
}

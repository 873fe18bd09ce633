import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Persona } from '../../../lib/core/prompts';
import { saveSpeechSettings } from '../../../lib/speech/speech-prefs';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { setPref } from '../../../lib/storage/prefs';

// The engines, audio and highlighting are stand-ins: what is checked is which engine and voice the reader is given.
const parts = vi.hoisted(() => ({
  engines: [] as string[],
  readers: [] as Record<string, unknown>[],
}));
vi.mock('../../../components/speech/answer-speech-parts', async () => {
  const { answerVoice } = await import('../../../lib/speech/voice-for');
  return {
    answerVoice,
    panelEngine: (id: string) => {
      parts.engines.push(id);
      return { id };
    },
    AnswerHighlighter: class {
      clear() {}
    },
    AnswerReader: class {
      constructor(options: Record<string, unknown>) {
        parts.readers.push(options);
      }
      update() {}
      finish() {}
      stop() {}
    },
  };
});

const { readAnswer, stopReading } = await import('../../../components/speech/answer-speech');

const narrator: Persona = {
  id: 'narrator',
  name: 'Narrator',
  systemPrompt: 'Tell stories.',
  voice: { engine: 'edge', voice: 'en-GB-SoniaNeural' },
};
const plain: Persona = { id: 'plain', name: 'Plain', systemPrompt: 'Be plain.' };

const read = (personaId?: string) =>
  readAnswer({ messageId: 'm1', markdown: 'Once upon a time.', complete: true, root: () => null, language: 'en-US', personaId });

beforeEach(async () => {
  stopReading();
  parts.engines.length = 0;
  parts.readers.length = 0;
  await closeDb();
  await deleteDB(DB_NAME);
  await saveSpeechSettings({
    ...DEFAULT_SPEECH_SETTINGS,
    engine: 'openai',
    voices: {
      ...DEFAULT_SPEECH_SETTINGS.voices,
      openai: { voice: 'nova', rate: 1.25, pitch: 1 },
      edge: { voice: 'de-DE-KatjaNeural', rate: 1.5, pitch: 0.8 },
    },
  });
  await setPref('personas', [narrator, plain]);
});

describe('reading an answer aloud', () => {
  it("uses the voice of the chat's persona, at the speed and pitch the user set for its engine", async () => {
    await read('narrator');
    expect(parts.engines).toEqual(['edge']);
    expect(parts.readers[0]).toMatchObject({ voice: 'en-GB-SoniaNeural', rate: 1.5, pitch: 0.8 });
  });

  it('uses the speech settings for a chat without a persona, or whose persona has no voice or is gone', async () => {
    for (const personaId of [undefined, 'plain', 'deleted']) {
      parts.engines.length = 0;
      parts.readers.length = 0;
      await read(personaId);
      expect(parts.engines).toEqual(['openai']);
      expect(parts.readers[0]).toMatchObject({ voice: 'nova', rate: 1.25 });
    }
  });
});

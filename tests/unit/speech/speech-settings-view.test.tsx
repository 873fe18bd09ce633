// @vitest-environment jsdom
import { deleteDB } from 'idb';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SpeechSettings } from '../../../components/speech/SpeechSettings';
import { loadSpeechSettings, saveSpeechSettings } from '../../../lib/speech/speech-prefs';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { mount } from '../support/dom';

// No keys saved and no voices of the browser's: only the settings' own lists show.
const request = vi.hoisted(() => vi.fn(async (name: string) => (name === 'speech.browserVoices' ? { groups: [] } : {})));
vi.mock('../../../lib/messaging/client', () => ({ request }));

/** The label of the OpenAI key's source list. */
const KEY_SOURCE = 'OpenAI key for speech';

/** The select a label names, as a user finds it. */
function selectLabelled(text: string): HTMLSelectElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === text);
  const select = label && document.getElementById(label.htmlFor);
  if (!(select instanceof HTMLSelectElement)) throw new Error(`No select labelled ${text}`);
  return select;
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the speech settings', () => {
  beforeEach(async () => {
    closeDb();
    await deleteDB(DB_NAME);
    await saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'openai' });
  });

  it('lists the OpenAI speech models, audio formats and transcription models by name, and saves the one chosen', async () => {
    await mount(<SpeechSettings />);
    await vi.waitFor(() => selectLabelled('Speech model'));
    const options = (label: string) => [...selectLabelled(label).options].map((o) => [o.value, o.textContent]);
    expect(options('Speech model')).toContainEqual(['gpt-4o-mini-tts', 'gpt-4o-mini-tts']);
    expect(options('Audio format')).toEqual(['mp3', 'opus', 'aac', 'flac', 'wav'].map((f) => [f, f]));
    expect(options('Transcription model')).toEqual([
      ['whisper-1', 'whisper-1'],
      ['gpt-4o-mini-transcribe', 'gpt-4o-mini-transcribe'],
    ]);
    expect(selectLabelled('Transcription model').parentElement?.textContent).toContain('Used when the browser cannot recognize speech');

    choose(selectLabelled('Speech model'), 'gpt-4o-mini-tts');
    choose(selectLabelled('Audio format'), 'opus');
    choose(selectLabelled('Transcription model'), 'gpt-4o-mini-transcribe');
    await vi.waitFor(async () => {
      const saved = await loadSpeechSettings();
      expect(saved.openai).toMatchObject({ model: 'gpt-4o-mini-tts', format: 'opus' });
      expect(saved.dictation.model).toBe('gpt-4o-mini-transcribe');
    });
    expect(selectLabelled('Audio format').value).toBe('opus');
  });

  it.each(['openai', 'edge'] as const)(
    'offers the OpenAI key once with the %s voice: with the voice, or else with dictation',
    async (engine) => {
      await saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine });
      await mount(<SpeechSettings />);
      await vi.waitFor(() => selectLabelled('Transcription model'));
      const keySources = [...document.querySelectorAll('label')].filter((l) => l.textContent === KEY_SOURCE);
      expect(keySources).toHaveLength(1);
      const inDictation = keySources[0]!.closest('fieldset')?.contains(selectLabelled('Transcription model'));
      expect(inDictation).toBe(engine !== 'openai');
    },
  );

  it("reads out each field's note with the field: the transcription model's use, and why OpenAI voices have no pitch", async () => {
    await mount(<SpeechSettings />);
    await vi.waitFor(() => selectLabelled('Transcription model'));
    const description = (control: Element) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(description(selectLabelled('Transcription model'))).toContain('Used when the browser cannot recognize speech');
    const pitch = document.querySelector<HTMLInputElement>('input[type="range"][disabled]')!;
    expect(description(pitch)).toBe('OpenAI voices have no pitch setting.');
  });
});

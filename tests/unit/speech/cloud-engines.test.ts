import { describe, expect, it, vi } from 'vitest';
import type { AudioSink, SynthesisParams, SynthesizedAudio } from '../../../lib/speech/audio-engine';
import { cloudEngineCache } from '../../../lib/speech/cloud-engines';
import type { CloudEngineId } from '../../../lib/speech/cloud-keys';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';

function rig() {
  const syntheses: { engine: CloudEngineId; text: string }[] = [];
  const synthesize = vi.fn(async (engine: CloudEngineId, text: string, _params: SynthesisParams): Promise<SynthesizedAudio> => {
    syntheses.push({ engine, text });
    return { bytes: new TextEncoder().encode(text).buffer, mime: 'audio/mpeg', marks: [] };
  });
  const played: string[] = [];
  const sink: AudioSink = {
    play: async (audio) => {
      played.push(new TextDecoder().decode(audio.bytes));
    },
  };
  const sinkAsked = vi.fn(() => sink);
  const settings = vi.fn(async () => ({ ...DEFAULT_SPEECH_SETTINGS, openai: { ...DEFAULT_SPEECH_SETTINGS.openai, model: 'tts-1' } }));
  const cloudEngine = cloudEngineCache({ settings, synthesize, sink: sinkAsked });
  return { cloudEngine, syntheses, played, sinkAsked };
}

describe('the cloud engine cache the panel and the reader share', () => {
  it('makes each engine once, so audio prepared by one call is spoken by the next without a second request', async () => {
    const { cloudEngine, syntheses, played, sinkAsked } = rig();
    cloudEngine('edge').prepare('Hello there.', { voice: 'v', rate: 1, pitch: 1 });
    await cloudEngine('edge').speak('Hello there.', { voice: 'v', rate: 1, pitch: 1 });
    expect(played).toEqual(['Hello there.']);
    expect(syntheses).toEqual([{ engine: 'edge', text: 'Hello there.' }]);
    expect(cloudEngine('edge')).toBe(cloudEngine('edge'));
    expect(sinkAsked).toHaveBeenCalledTimes(1);
  });

  it('keeps one engine per service, each synthesizing with its own service', async () => {
    const { cloudEngine, syntheses } = rig();
    expect(cloudEngine('azure')).not.toBe(cloudEngine('openai'));
    expect(cloudEngine('azure').id).toBe('azure');
    await cloudEngine('openai').speak('Hi.', { voice: 'nova' });
    await cloudEngine('azure').speak('Hi.', { voice: 'en-US-AvaNeural' });
    expect(syntheses.map((s) => s.engine)).toEqual(['openai', 'azure']);
  });

  it('lists the voices of the chosen OpenAI model, and the neural voices of a locale for the others', async () => {
    const { cloudEngine } = rig();
    const openai = await cloudEngine('openai').listVoices();
    // tts-1, the model the settings name, has no 'ballad'.
    expect(openai.map((v) => v.value)).toContain('nova');
    expect(openai.map((v) => v.value)).not.toContain('ballad');
    const german = await cloudEngine('edge').listVoices('de-DE');
    expect(german.length).toBeGreaterThan(0);
    expect(german.every((v) => v.value.startsWith('de-DE'))).toBe(true);
  });

  it('keeps nothing when there is nowhere to play, so a later call asks again', () => {
    const { cloudEngine, sinkAsked } = rig();
    sinkAsked.mockImplementationOnce(() => {
      throw new Error('no audio here');
    });
    expect(() => cloudEngine('edge')).toThrow('no audio here');
    expect(cloudEngine('edge').id).toBe('edge');
    expect(sinkAsked).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createWebSpeechEngine, webSpeechOf } from '../../../../lib/speech/engines/web-speech';
import { FakeUtterance, fakeSpeech } from './fake-web-speech';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('speechSynthesis engine', () => {
  it('finds the API in a scope that has it', () => {
    expect(webSpeechOf({})).toBeUndefined();
    expect(webSpeechOf({ speechSynthesis: {}, SpeechSynthesisUtterance: FakeUtterance })).toBeDefined();
  });

  it('lists supported-locale voices once the browser has loaded them', async () => {
    const { speech, loadVoices } = fakeSpeech();
    const listing = createWebSpeechEngine(speech).listVoices('de-DE');
    loadVoices([
      { name: 'Anna', lang: 'de-DE' },
      { name: 'Xi', lang: 'xx-YY' },
    ]);
    expect(await listing).toEqual([{ label: 'Anna', value: 'Anna' }]);
  });

  it('speaks with the named voice, clamped rate and pitch, and reports word boundaries until the end', async () => {
    const { speech, synthesis, spoken } = fakeSpeech([{ name: 'Anna', lang: 'de-DE' }]);
    const onBoundary = vi.fn();
    const onEnd = vi.fn();
    const done = createWebSpeechEngine(speech, { lang: 'en-US' }).speak('Guten Tag.', {
      voice: 'Anna',
      rate: 20,
      pitch: 3,
      onBoundary,
      onEnd,
    });
    await tick();
    const u = spoken[0]!;
    expect(synthesis.cancel).toHaveBeenCalledBefore(synthesis.speak);
    expect(u).toMatchObject({ text: 'Guten Tag.', lang: 'de-DE', rate: 10, pitch: 2 });
    expect(u.voice?.name).toBe('Anna');
    u.onboundary!({ name: 'word', charIndex: 6, charLength: 3 });
    u.onboundary!({ name: 'sentence', charIndex: 0, charLength: 10 });
    u.onboundary!({ name: 'word', charIndex: 0, charLength: 0 });
    u.onend!();
    await expect(done).resolves.toBeUndefined();
    expect(onBoundary.mock.calls).toEqual([
      [6, 3],
      [0, -1],
    ]);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('uses the text’s language when no voice is named, and stops at once when aborted', async () => {
    const { speech, synthesis, spoken } = fakeSpeech();
    const controller = new AbortController();
    const done = createWebSpeechEngine(speech, { lang: 'fr-FR' }).speak('Bonjour.', { voice: '', signal: controller.signal });
    await tick();
    expect(spoken[0]!.lang).toBe('fr-FR');
    synthesis.cancel.mockClear();
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(synthesis.cancel).toHaveBeenCalledOnce();
  });

  it('settles quietly when interrupted and fails on real errors', async () => {
    const { speech, spoken } = fakeSpeech();
    const engine = createWebSpeechEngine(speech);
    const first = engine.speak('One.', { voice: '' });
    await tick();
    spoken[0]!.onerror!({ error: 'interrupted' });
    await expect(first).resolves.toBeUndefined();
    const second = engine.speak('Two.', { voice: '' });
    await tick();
    spoken[1]!.onerror!({ error: 'synthesis-failed' });
    await expect(second).rejects.toMatchObject({ error: { code: 'unsupported' } });
  });
});

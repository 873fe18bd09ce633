import { describe, expect, it, vi } from 'vitest';
import { createChromeTtsEngine, type ChromeTts } from '../../../lib/speech/engines/chrome-tts';

type Options = chrome.tts.TtsOptions;

function fakeTts(voices: chrome.tts.TtsVoice[] = []) {
  const calls: { text: string; options: Options }[] = [];
  const tts = {
    speak: vi.fn(async (text: string, options?: Options) => {
      calls.push({ text, options: options ?? {} });
    }),
    stop: vi.fn(),
    getVoices: vi.fn(async () => voices),
  };
  const fire = (event: chrome.tts.TtsEvent) => calls.at(-1)!.options.onEvent!(event);
  return { tts: tts as unknown as ChromeTts & typeof tts, calls, fire };
}

describe('chrome.tts engine', () => {
  it('speaks with the named voice, clamped rate, and reports boundaries until the end', async () => {
    const { tts, calls, fire } = fakeTts();
    const onBoundary = vi.fn();
    const onStart = vi.fn();
    const done = createChromeTtsEngine(tts, { lang: 'de-DE' }).speak('Hello world.', { voice: 'Anna', rate: 20, onBoundary, onStart });
    expect(calls[0]).toMatchObject({ text: 'Hello world.', options: { voiceName: 'Anna', rate: 10, enqueue: false } });
    expect(calls[0]!.options.lang).toBeUndefined();
    fire({ type: 'start', charIndex: 0 });
    fire({ type: 'word', charIndex: 6, length: 5 });
    fire({ type: 'word', charIndex: 0 });
    fire({ type: 'end', charIndex: 12 });
    await expect(done).resolves.toBeUndefined();
    expect(onStart).toHaveBeenCalledOnce();
    expect(onBoundary.mock.calls).toEqual([
      [6, 5],
      [0, -1],
    ]);
  });

  it('asks for the page language when no voice is named', () => {
    const { tts, calls } = fakeTts();
    void createChromeTtsEngine(tts, { lang: 'fr-FR' }).speak('Bonjour.', { voice: '' });
    expect(calls[0]!.options).toMatchObject({ lang: 'fr-FR' });
    expect(calls[0]!.options.voiceName).toBeUndefined();
  });

  it('stops the browser speaking when aborted, and settles', async () => {
    const { tts, fire } = fakeTts();
    const controller = new AbortController();
    const onBoundary = vi.fn();
    const done = createChromeTtsEngine(tts).speak('Long text.', { voice: '', signal: controller.signal, onBoundary });
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(tts.stop).toHaveBeenCalledOnce();
    fire({ type: 'word', charIndex: 5 });
    expect(onBoundary).not.toHaveBeenCalled();
  });

  it('settles when another utterance interrupts this one', async () => {
    const { tts, fire } = fakeTts();
    const done = createChromeTtsEngine(tts).speak('Text.', { voice: '' });
    fire({ type: 'interrupted' });
    await expect(done).resolves.toBeUndefined();
  });

  it('fails with a ChatFailure on an error event or a refused call', async () => {
    const { tts, fire } = fakeTts();
    const failing = createChromeTtsEngine(tts).speak('Text.', { voice: '' });
    fire({ type: 'error', errorMessage: 'synthesis failed' });
    await expect(failing).rejects.toMatchObject({ error: { code: 'unknown' } });

    tts.speak.mockRejectedValueOnce(new Error('Invalid voice'));
    await expect(createChromeTtsEngine(tts).speak('Text.', { voice: 'Nobody' })).rejects.toMatchObject({ error: { code: 'unsupported' } });
  });

  it('lists the browser voices of the supported locales', async () => {
    const { tts } = fakeTts([
      { voiceName: 'English (America)', lang: 'en-US' },
      { voiceName: 'German', lang: 'de' },
      { voiceName: 'Klingon', lang: 'tlh' },
      { lang: 'en-US' },
    ]);
    const engine = createChromeTtsEngine(tts);
    expect(await engine.listVoices('en-US')).toEqual([{ label: 'English (America)', value: 'English (America)' }]);
    expect((await engine.listVoices()).map((v) => v.value)).toEqual(['German', 'English (America)']);
  });
});

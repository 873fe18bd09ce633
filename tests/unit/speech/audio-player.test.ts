import { describe, expect, it, vi } from 'vitest';
import { createAudioElementPlayer, type PlayableAudio } from '../../../lib/speech/audio-player';

class FakeAudio implements PlayableAudio {
  src = '';
  currentTime = 0;
  error: { message?: string; code?: number } | null = null;
  paused = true;
  private listeners = new Map<string, (() => void)[]>();
  play = vi.fn(async () => {
    this.paused = false;
  });
  pause() {
    this.paused = true;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  load() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  }
}

function setup() {
  const element = new FakeAudio();
  const revoked: string[] = [];
  const player = createAudioElementPlayer({
    createAudio: () => element,
    createObjectURL: () => 'blob:audio-1',
    revokeObjectURL: (url) => void revoked.push(url),
  });
  return { element, revoked, player };
}

const audio = {
  bytes: new Uint8Array([1]).buffer,
  mime: 'audio/wav',
  marks: [
    { time: 200, charIndex: 6, charLength: 5 },
    { time: 0, charIndex: 0, charLength: 5 },
  ],
};

describe('the audio element player', () => {
  it('plays, reports start and word marks as playback passes them, and cleans up at the end', async () => {
    vi.useFakeTimers();
    try {
      const { element, revoked, player } = setup();
      const onStart = vi.fn();
      const onMark = vi.fn();
      const done = player.play(audio, new AbortController().signal, { onStart, onMark });
      expect(element.src).toBe('blob:audio-1');
      expect(element.play).toHaveBeenCalledOnce();
      element.fire('playing');
      expect(onStart).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(40);
      expect(onMark.mock.calls.map((c) => c[0].charIndex)).toEqual([0]);
      element.currentTime = 0.25;
      vi.advanceTimersByTime(40);
      expect(onMark.mock.calls.map((c) => c[0].charIndex)).toEqual([0, 6]);
      element.fire('ended');
      await expect(done).resolves.toBeUndefined();
      expect(revoked).toEqual(['blob:audio-1']);
      expect(element.src).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at once when aborted', async () => {
    const { element, player } = setup();
    const controller = new AbortController();
    const done = player.play(audio, controller.signal, {});
    element.fire('playing');
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(element.paused).toBe(true);
  });

  it('fails clearly when the audio cannot be decoded, or the browser refuses to play', async () => {
    const broken = setup();
    const failed = broken.player.play(audio, new AbortController().signal, {});
    broken.element.error = { code: 4, message: 'MEDIA_ERR_SRC_NOT_SUPPORTED' };
    broken.element.fire('error');
    await expect(failed).rejects.toMatchObject({
      error: { code: 'unsupported', message: expect.stringContaining('MEDIA_ERR_SRC_NOT_SUPPORTED') },
    });

    const refused = setup();
    refused.element.play.mockRejectedValueOnce(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' }));
    await expect(refused.player.play(audio, new AbortController().signal, {})).rejects.toMatchObject({ error: { code: 'forbidden' } });
  });
});

describe('preloading in the audio element player', () => {
  it('loads the next audio ahead, and its play starts that loaded element without loading again', async () => {
    const made: FakeAudio[] = [];
    let urls = 0;
    const player = createAudioElementPlayer({
      createAudio: () => {
        const element = new FakeAudio();
        vi.spyOn(element, 'load');
        made.push(element);
        return element;
      },
      createObjectURL: () => `blob:audio-${++urls}`,
      revokeObjectURL: () => undefined,
    });
    const next = { ...audio, marks: [] };
    player.preload!(next);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ src: 'blob:audio-1', preload: 'auto' });
    expect(made[0]!.load).toHaveBeenCalledOnce();

    const onStart = vi.fn();
    const done = player.play(next, new AbortController().signal, { onStart });
    expect(made).toHaveLength(1);
    expect(made[0]!.play).toHaveBeenCalledOnce();
    made[0]!.fire('playing');
    expect(onStart).toHaveBeenCalledOnce();
    made[0]!.fire('ended');
    await done;

    // Played once, it is no longer held: playing the same audio again loads it afresh.
    const again = player.play(next, new AbortController().signal, {});
    expect(made).toHaveLength(2);
    made[1]!.fire('ended');
    await again;
  });

  it('keeps a few preloads only, releasing the oldest', () => {
    const revoked: string[] = [];
    let urls = 0;
    const player = createAudioElementPlayer({
      createAudio: () => new FakeAudio(),
      createObjectURL: () => `blob:audio-${++urls}`,
      revokeObjectURL: (url) => void revoked.push(url),
    });
    for (let i = 0; i < 6; i++) player.preload!({ ...audio, marks: [] });
    expect(revoked).toEqual(['blob:audio-1', 'blob:audio-2']);
  });
});

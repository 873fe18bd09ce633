import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { chatError } from '../../../lib/core/errors';
import { OffscreenSink, type OffscreenDocuments } from '../../../lib/background/offscreen-sink';
import type { PlayerCommand, PlayerReport } from '../../../lib/messaging/speech-protocol';
import type { SynthesizedAudio } from '../../../lib/speech/audio-engine';

const audio: SynthesizedAudio = { bytes: new Uint8Array([1, 2, 3]).buffer, mime: 'audio/mpeg', marks: [] };

/** The offscreen document's end of the port: what it was told, and a way to report back or go away. */
function playerPort() {
  const sent: PlayerCommand[] = [];
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port = {
    name: 'parley-audio',
    postMessage: (m: PlayerCommand) => void sent.push(m),
    onMessage: { addListener: (l: (m: unknown) => void) => void onMessage.push(l) },
    onDisconnect: { addListener: (l: () => void) => void onDisconnect.push(l) },
  } as unknown as Browser.runtime.Port;
  return {
    port,
    sent,
    report: (r: PlayerReport) => onMessage.forEach((l) => l(r)),
    post: (m: unknown) => onMessage.forEach((l) => l(m)),
    close: () => onDisconnect.forEach((l) => l()),
  };
}

/** Documents that open on request; the test attaches the port the new document would connect with. */
function documents(open = false) {
  const calls: string[] = [];
  const docs: OffscreenDocuments = {
    exists: async () => open,
    close: async () => void calls.push('close'),
    create: async () => void calls.push('create'),
  };
  return { docs, calls };
}

describe('OffscreenSink', () => {
  it('opens the player document on first use and plays there until the player reports the end', async () => {
    const { docs, calls } = documents();
    const sink = new OffscreenSink(docs);
    const player = playerPort();
    const hooks = { onStart: vi.fn(), onMark: vi.fn() };
    const playing = sink.play(audio, new AbortController().signal, hooks);
    await vi.waitFor(() => expect(calls).toEqual(['create']));
    sink.attach(player.port);
    await vi.waitFor(() => expect(player.sent).toEqual([{ type: 'play', id: 1, audio: 'AQID', mime: 'audio/mpeg', marks: [] }]));
    player.report({ type: 'started', id: 1 });
    player.report({ type: 'mark', id: 1, mark: { time: 5, charIndex: 0, charLength: 3 } });
    expect(hooks.onStart).toHaveBeenCalledOnce();
    expect(hooks.onMark).toHaveBeenCalledWith({ time: 5, charIndex: 0, charLength: 3 });
    player.report({ type: 'ended', id: 1 });
    await playing;

    // The next playback reuses the connected document.
    const next = sink.play(audio, new AbortController().signal, {});
    await vi.waitFor(() => expect(player.sent).toHaveLength(2));
    player.report({ type: 'ended', id: 2 });
    await next;
    expect(calls).toEqual(['create']);
  });

  it('ignores what the player posts that is not a report, and plays on until the real end', async () => {
    const sink = new OffscreenSink(documents().docs);
    const player = playerPort();
    let settled = false;
    const playing = sink.play(audio, new AbortController().signal, {}).finally(() => (settled = true));
    sink.attach(player.port);
    await vi.waitFor(() => expect(player.sent).toHaveLength(1));
    player.post(null);
    player.post({ type: 'paused', id: 1 });
    player.post({ type: 'failed', id: 1 });
    await Promise.resolve();
    expect(settled).toBe(false);
    player.report({ type: 'ended', id: 1 });
    await expect(playing).resolves.toBeUndefined();
  });

  it('replaces a document left by a worker that has gone, which has no port to this one', async () => {
    const { docs, calls } = documents(true);
    const sink = new OffscreenSink(docs);
    const player = playerPort();
    const playing = sink.play(audio, new AbortController().signal, {});
    await vi.waitFor(() => expect(calls).toEqual(['close', 'create']));
    sink.attach(player.port);
    await vi.waitFor(() => expect(player.sent).toHaveLength(1));
    player.report({ type: 'ended', id: 1 });
    await playing;
  });

  it('stops the player when the reading is stopped, and fails a playback whose document went away or failed', async () => {
    const sink = new OffscreenSink(documents().docs);
    const player = playerPort();
    sink.attach(player.port);

    const stop = new AbortController();
    const stopped = sink.play(audio, stop.signal, {});
    await vi.waitFor(() => expect(player.sent).toHaveLength(1));
    stop.abort();
    await stopped;
    expect(player.sent[1]).toEqual({ type: 'stop', id: 1 });

    const failing = sink.play(audio, new AbortController().signal, {});
    await vi.waitFor(() => expect(player.sent).toHaveLength(3));
    player.report({ type: 'failed', id: 2, error: chatError('unsupported', 'Cannot decode.') });
    await expect(failing).rejects.toMatchObject({ error: { code: 'unsupported' } });

    const cut = sink.play(audio, new AbortController().signal, {});
    await vi.waitFor(() => expect(player.sent).toHaveLength(4));
    player.close();
    await expect(cut).rejects.toMatchObject({ error: { code: 'aborted' } });
  });

  it('gives up with a timeout when the document never connects', async () => {
    const sink = new OffscreenSink(documents().docs, 20);
    await expect(sink.play(audio, new AbortController().signal, {})).rejects.toMatchObject({ error: { code: 'timeout' } });
  });

  it('sends the next audio ahead, then plays it by id; a document opened since gets the audio itself', async () => {
    const sink = new OffscreenSink(documents().docs);
    const first = playerPort();
    sink.attach(first.port);
    const next: SynthesizedAudio = { ...audio, marks: [] };
    sink.preload(next);
    expect(first.sent).toEqual([{ type: 'preload', id: 1, audio: 'AQID', mime: 'audio/mpeg', marks: [] }]);
    const playing = sink.play(next, new AbortController().signal, {});
    await vi.waitFor(() => expect(first.sent[1]).toEqual({ type: 'play', id: 1, preloaded: true }));
    first.report({ type: 'ended', id: 1 });
    await playing;

    const later: SynthesizedAudio = { ...audio, marks: [] };
    sink.preload(later);
    first.close();
    const second = playerPort();
    sink.attach(second.port);
    const replayed = sink.play(later, new AbortController().signal, {});
    await vi.waitFor(() => expect(second.sent).toEqual([{ type: 'play', id: 3, audio: 'AQID', mime: 'audio/mpeg', marks: [] }]));
    second.report({ type: 'ended', id: 3 });
    await replayed;
  });

  it('preloads into a document still opening, once it has connected', async () => {
    const sink = new OffscreenSink(documents().docs);
    const player = playerPort();
    const playing = sink.play(audio, new AbortController().signal, {});
    const next: SynthesizedAudio = { ...audio, marks: [] };
    sink.preload(next);
    sink.attach(player.port);
    await vi.waitFor(() => expect(player.sent.map((c) => c.type).sort()).toEqual(['play', 'preload']));
    player.report({ type: 'ended', id: player.sent.find((c) => c.type === 'play')!.id });
    await playing;
  });
});

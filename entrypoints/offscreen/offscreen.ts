import { browser } from 'wxt/browser';
import { chatError, toChatError } from '../../lib/core/errors';
import { AUDIO_PORT, type PlayerCommand, type PlayerReport } from '../../lib/messaging/speech-protocol';
import { base64ToBytes } from '../../lib/core/base64';
import type { SynthesizedAudio } from '../../lib/speech/audio-engine';
import { createAudioElementPlayer } from '../../lib/speech/audio-player';

/**
 * The background's loudspeaker: plays what it is sent over one port and
 * reports back. Holds nothing else; Chrome closes the document when it has
 * been silent for a while.
 */
const player = createAudioElementPlayer();
const playing = new Map<number, AbortController>();
/** Audio sent ahead of its play, by id; the background keeps fewer, so a play never names a dropped one. */
const preloaded = new Map<number, SynthesizedAudio>();
const MAX_PRELOADED = 8;
const port = browser.runtime.connect({ name: AUDIO_PORT });
const report = (message: PlayerReport) => port.postMessage(message);

port.onMessage.addListener((message: unknown) => {
  const command = message as PlayerCommand;
  if (command.type === 'stop') {
    playing.get(command.id)?.abort();
    playing.delete(command.id);
    preloaded.delete(command.id);
    return;
  }
  const { id } = command;
  if (command.type === 'preload') {
    const audio = { bytes: base64ToBytes(command.audio), mime: command.mime, marks: command.marks };
    preloaded.set(id, audio);
    player.preload?.(audio);
    for (const old of preloaded.keys()) {
      if (preloaded.size <= MAX_PRELOADED) break;
      preloaded.delete(old);
    }
    return;
  }
  const audio =
    'preloaded' in command ? preloaded.get(id) : { bytes: base64ToBytes(command.audio), mime: command.mime, marks: command.marks };
  preloaded.delete(id);
  if (!audio) {
    report({ type: 'failed', id, error: chatError('aborted', 'The audio to play was no longer loaded.') });
    return;
  }
  const controller = new AbortController();
  playing.set(id, controller);
  player
    .play(audio, controller.signal, {
      onStart: () => report({ type: 'started', id }),
      onMark: (mark) => report({ type: 'mark', id, mark }),
    })
    .then(
      () => {
        if (!controller.signal.aborted) report({ type: 'ended', id });
      },
      (error: unknown) => report({ type: 'failed', id, error: toChatError(error) }),
    )
    .finally(() => playing.delete(id));
});

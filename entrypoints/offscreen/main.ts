import { browser } from 'wxt/browser';
import { toChatError } from '@/lib/core/errors';
import { AUDIO_PORT, type PlayerCommand, type PlayerReport } from '@/lib/messaging/speech-protocol';
import { base64ToBytes } from '@/lib/speech/audio-bytes';
import { createAudioElementPlayer } from '@/lib/speech/audio-player';

/**
 * The background's loudspeaker: plays what it is sent over one port and
 * reports back. Holds nothing else; Chrome closes the document when it has
 * been silent for a while.
 */
const player = createAudioElementPlayer();
const playing = new Map<number, AbortController>();
const port = browser.runtime.connect({ name: AUDIO_PORT });
const report = (message: PlayerReport) => port.postMessage(message);

port.onMessage.addListener((message: unknown) => {
  const command = message as PlayerCommand;
  if (command.type === 'stop') {
    playing.get(command.id)?.abort();
    playing.delete(command.id);
    return;
  }
  const { id } = command;
  const controller = new AbortController();
  playing.set(id, controller);
  player
    .play({ bytes: base64ToBytes(command.audio), mime: command.mime, marks: command.marks }, controller.signal, {
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

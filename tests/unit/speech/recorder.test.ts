import { describe, expect, it, vi } from 'vitest';
import { recordingFileName, startRecording } from '../../../lib/speech/recorder';

class FakeRecorder {
  static supported = new Set(['audio/ogg;codecs=opus']);
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {}
  get mimeType() {
    return this.options.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([1, 2])]) });
    this.onstop?.();
  }
}

const stream = () => {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
};

describe('recording for transcription', () => {
  it('records in a format the browser supports, then releases the microphone', async () => {
    const { track, stream: s } = stream();
    const recording = startRecording(s, { MediaRecorder: FakeRecorder as never });
    const audio = await recording.stop();
    expect(audio.type).toBe('audio/ogg;codecs=opus');
    expect(audio.size).toBe(2);
    expect(track.stop).toHaveBeenCalled();
  });

  it('names the file by its format', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('dictation.webm');
    expect(recordingFileName('audio/ogg')).toBe('dictation.ogg');
    expect(recordingFileName('audio/mp4')).toBe('dictation.mp4');
    expect(recordingFileName('')).toBe('dictation.webm');
  });
});

import { ChatFailure, chatError } from '../core/errors';

/** What the transcription service accepts and browsers record, in order of preference. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface RecorderEnvironment {
  MediaRecorder: {
    new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
    isTypeSupported(type: string): boolean;
  };
}

export interface Recording {
  /** Ends the recording; resolves with the audio. */
  stop(): Promise<Blob>;
  /** Ends it and throws the audio away. */
  cancel(): void;
}

/** A file name whose extension tells the transcription service the format. */
export function recordingFileName(type: string): string {
  const subtype = type.split(';')[0]?.split('/')[1] ?? '';
  const extension = { webm: 'webm', ogg: 'ogg', mp4: 'mp4', mpeg: 'mp3', wav: 'wav', 'x-wav': 'wav' }[subtype] ?? 'webm';
  return `dictation.${extension}`;
}

/** Records a microphone stream; the stream's tracks are stopped when the recording ends. */
export function startRecording(stream: MediaStream, env: RecorderEnvironment = { MediaRecorder }): Recording {
  const mimeType = RECORDING_TYPES.find((t) => env.MediaRecorder.isTypeSupported(t));
  const recorder = new env.MediaRecorder(stream, mimeType ? { mimeType } : {});
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size) chunks.push(event.data);
  };
  const release = () => stream.getTracks().forEach((t) => t.stop());
  const stopped = new Promise<Blob>((resolve, reject) => {
    recorder.onstop = () => {
      release();
      resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
    };
    recorder.onerror = () => {
      release();
      reject(new ChatFailure(chatError('unsupported', 'The recording failed.')));
    };
  });
  // Failures surface through stop(); a cancelled recording is never awaited.
  stopped.catch(() => undefined);
  recorder.start();
  return {
    stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
    cancel() {
      chunks.length = 0;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}

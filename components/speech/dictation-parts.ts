/**
 * What dictating needs beyond its state: loaded by use-dictation.ts on the first
 * press of the microphone, so recognition and recording stay out of the panel's first load.
 */
export { bytesToBase64 } from '../../lib/core/base64';
export { DictationDraft, insertDictated } from '../../lib/speech/dictation';
export { recognitionConstructor, startRecognition } from '../../lib/speech/recognizer';
export { startRecording } from '../../lib/speech/recorder';
export { askForMicrophone, microphoneState } from './microphone';

/**
 * What reading an answer aloud needs beyond its state: loaded by answer-speech.ts
 * on the first "Read aloud", so the sentence splitter, engines and audio player
 * stay out of the panel's first load.
 */
export { AnswerReader } from '../../lib/speech/answer-reader';
export { answerVoice } from '../../lib/speech/voice-for';
export { AnswerHighlighter } from './answer-highlighter';
export { panelEngine } from './panel-engines';

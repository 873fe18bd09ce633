import OpenAI, { AuthenticationError, toFile } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSpeechMock, type SpeechMock } from '../../mocks/speech-server';

const KEY = 'sk-speech-mock';

describe('speech mock, spoken to by the official OpenAI SDK', () => {
  let mock: SpeechMock;
  let client: OpenAI;

  beforeEach(async () => {
    mock = await startSpeechMock({ openaiKey: KEY, transcript: 'Hello from the mock.' });
    client = new OpenAI({ apiKey: KEY, baseURL: mock.openaiUrl, maxRetries: 0, logLevel: 'off' });
  });
  afterEach(() => mock.close());

  it('answers /audio/speech with real WAV audio for the input', async () => {
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: 'Hello there.', response_format: 'wav' });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(mock.requests.at(-1)?.json).toMatchObject({ model: 'tts-1', voice: 'nova', input: 'Hello there.', response_format: 'wav' });
  });

  it('reads the SDK’s multipart upload to /audio/transcriptions and answers with its text', async () => {
    const file = await toFile(new Uint8Array([1, 2, 3, 4]), 'clip.webm', { type: 'audio/webm' });
    const result = await client.audio.transcriptions.create({ file, model: 'whisper-1', language: 'de', response_format: 'json' });
    expect(result.text).toBe('Hello from the mock.');
    expect(mock.requests.at(-1)?.form).toEqual({
      file: { name: 'clip.webm', type: 'audio/webm', size: 4 },
      model: 'whisper-1',
      language: 'de',
      response_format: 'json',
    });
  });

  it('refuses a wrong key the way OpenAI does', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: mock.openaiUrl, maxRetries: 0, logLevel: 'off' });
    const failure = await wrong.audio.speech.create({ model: 'tts-1', voice: 'nova', input: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect((failure as AuthenticationError).code).toBe('invalid_api_key');
  });
});

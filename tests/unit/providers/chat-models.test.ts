import { describe, expect, it } from 'vitest';
import { chatModels, isChatModel, recommendedModel } from '../../../lib/providers/chat-models';

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe('chat models', () => {
  it('leaves out what OpenAI lists that cannot hold a conversation', () => {
    const listed = ids(
      'babbage-002',
      'dall-e-3',
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-instruct',
      'gpt-4o',
      'gpt-4o-audio-preview',
      'gpt-4o-mini',
      'gpt-4o-mini-transcribe',
      'gpt-4o-mini-tts',
      'gpt-4o-realtime-preview',
      'gpt-image-1',
      'omni-moderation-latest',
      'o3-mini',
      'text-embedding-3-small',
      'tts-1-hd',
      'whisper-1',
    );
    expect(chatModels(listed).map((m) => m.id)).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini', 'o3-mini']);
  });

  it('leaves out embedding and image models of other services, and keeps their chat models', () => {
    expect(isChatModel('nomic-embed-text:latest')).toBe(false);
    expect(isChatModel('gemini-embedding-001')).toBe(false);
    expect(isChatModel('imagen-3.0-generate-002')).toBe(false);
    for (const id of ['llama3.2:latest', 'Mistral-7B-Instruct-v0.3', 'gemini-2.5-flash', 'anthropic.claude-3-5-haiku-20241022-v1:0'])
      expect(isChatModel(id)).toBe(true);
  });
});

describe('recommended model', () => {
  it('starts OpenAI on a recommended model, not the alphabetically first', () => {
    expect(recommendedModel('openai', ids('gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini', 'o3-mini'))).toBe('gpt-4o-mini');
    expect(recommendedModel('openai', ids('gpt-3.5-turbo', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini'))).toBe('gpt-4.1-mini');
  });

  it('finds a recommendation inside a longer id, as Bedrock names them', () => {
    const bedrock = ids('amazon.titan-text-express-v1', 'anthropic.claude-3-5-haiku-20241022-v1:0', 'meta.llama3-8b-instruct-v1:0');
    expect(recommendedModel('bedrock', bedrock)).toBe('anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(recommendedModel('gemini', ids('gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'))).toBe('gemini-2.5-flash');
  });

  it('falls back to the service’s own first model, and to nothing without models', () => {
    expect(recommendedModel('ollama', ids('qwen3:latest', 'llama3.2:latest'))).toBe('qwen3:latest');
    expect(recommendedModel('openai-compatible', ids('mistral-small', 'mistral-large'))).toBe('mistral-small');
    expect(recommendedModel('openai', [])).toBeUndefined();
  });
});

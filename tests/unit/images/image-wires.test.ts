import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import type { ImagePart } from '../../../lib/core/images';
import { buildAnthropicBody } from '../../../lib/providers/anthropic';
import { claudeCodec } from '../../../lib/providers/bedrock/bedrock-claude';
import type { BedrockConfig } from '../../../lib/providers/bedrock/bedrock-config';
import { converseInput, novaCodec } from '../../../lib/providers/bedrock/bedrock-messages';
import { routeFor } from '../../../lib/providers/bedrock/bedrock-models';
import { buildGeminiRequest } from '../../../lib/providers/gemini/gemini-request';
import { buildOllamaBody } from '../../../lib/providers/ollama';
import { chatCompletionsBody } from '../../../lib/providers/openai-wire';

const PNG: ImagePart = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const JPEG: ImagePart = { mimeType: 'image/jpeg', data: '/9j/4AAQ' };

function request(model: string): ChatRequest {
  return {
    model,
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What colour is this?', images: [PNG, JPEG] },
    ],
  };
}

const bedrockConfig: BedrockConfig = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
  useFipsEndpoint: false,
  useDualstackEndpoint: false,
  trace: false,
  latencyOptimized: false,
};

describe('images on each wire', () => {
  it('OpenAI and compatible servers (and Azure AI Inference): text, then image_url data URLs', () => {
    const body = chatCompletionsBody(request('gpt-4o'), { maxTokens: 'max_tokens', streamUsage: false, emptyToolTurn: 'null' });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What colour is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
        ],
      },
    ]);
  });

  it('OpenAI: a turn of images only has no empty text part', () => {
    const body = chatCompletionsBody(
      { model: 'gpt-4o', messages: [{ role: 'user', content: '', images: [PNG] }] },
      { maxTokens: 'max_tokens', streamUsage: false, emptyToolTurn: 'null' },
    );
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] },
    ]);
  });

  it('Anthropic: base64 image blocks before the text', () => {
    expect(buildAnthropicBody(request('claude-sonnet-4-5')).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
          { type: 'text', text: 'What colour is this?' },
        ],
      },
    ]);
  });

  it('Gemini: inlineData parts before the text', () => {
    expect(buildGeminiRequest(request('gemini-2.5-flash')).contents).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          { inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } },
          { text: 'What colour is this?' },
        ],
      },
    ]);
  });

  it('Ollama: bare base64 in the message’s images', () => {
    expect(buildOllamaBody(request('llava')).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What colour is this?', images: ['iVBORw0KGgo=', '/9j/4AAQ'] },
    ]);
  });

  it('Bedrock Converse: image blocks with their format and the bytes themselves', () => {
    const input = converseInput(request('meta.llama3-2-11b-instruct-v1:0'), bedrockConfig);
    expect(input.messages).toEqual([
      {
        role: 'user',
        content: [
          { image: { format: 'png', source: { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) } } },
          { image: { format: 'jpeg', source: { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]) } } },
          { text: 'What colour is this?' },
        ],
      },
    ]);
  });

  it('Bedrock Nova (InvokeModel): the same blocks with base64 text, as its JSON body carries them', () => {
    expect(novaCodec.body(request('amazon.nova-lite-v1:0')).messages).toEqual([
      {
        role: 'user',
        content: [
          { image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } } },
          { image: { format: 'jpeg', source: { bytes: '/9j/4AAQ' } } },
          { text: 'What colour is this?' },
        ],
      },
    ]);
  });

  it('Bedrock Claude (InvokeModel): Anthropic’s image blocks', () => {
    const body = claudeCodec.body(request('anthropic.claude-3-5-sonnet-20241022-v2:0'));
    expect(body.messages).toEqual(buildAnthropicBody(request('x')).messages);
    expect(body.anthropic_version).toBe('bedrock-2023-05-31');
  });

  it('Bedrock sends Llama images by Converse, whose prompt template has no place for them', () => {
    expect(routeFor(request('meta.llama3-2-11b-instruct-v1:0'))).toEqual({ api: 'converse' });
    expect(routeFor({ model: 'meta.llama3-2-11b-instruct-v1:0', messages: [{ role: 'user', content: 'hi' }] })).toEqual({
      api: 'invoke',
      family: 'llama',
    });
  });
});

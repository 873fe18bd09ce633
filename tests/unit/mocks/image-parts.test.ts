import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import type { ImagePart } from '../../../lib/core/images';
import { anthropicAdapter } from '../../../lib/providers/anthropic';
import type { BedrockConfig } from '../../../lib/providers/bedrock/bedrock-config';
import { converseInput, novaCodec } from '../../../lib/providers/bedrock/bedrock-messages';
import { geminiAdapter } from '../../../lib/providers/gemini/gemini';
import { ollamaAdapter } from '../../../lib/providers/ollama';
import { createOpenAICompatibleAdapter } from '../../../lib/providers/openai';
import type { ProviderAdapter, ProviderContext } from '../../../lib/providers/types';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';
import { startAnthropicMock } from '../../mocks/anthropic-server';
import { startGeminiMock } from '../../mocks/gemini-server';
import { imageProblem, imagesIn, type ImageWire } from '../../mocks/image-parts';
import { startOllamaMock } from '../../mocks/ollama-server';
import { startOpenAIMock } from '../../mocks/openai-server';
import type { RecordedRequest } from '../../mocks/scenario';
import { errorOf, providerContext, runChat, textOf } from '../providers/contract';

const PNG: ImagePart = { mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' };
const JPEG: ImagePart = { mimeType: 'image/jpeg', data: '/9j/4AAQSkZJRg==' };

function withImages(model: string): ChatRequest {
  return { model, messages: [{ role: 'user', content: 'What is in the picture?', images: [PNG, JPEG] }] };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Case {
  wire: ImageWire;
  start(): Promise<{ adapter: ProviderAdapter; model: string; ctx: ProviderContext; requests: RecordedRequest[]; close(): Promise<void> }>;
}

const CASES: Record<string, Case> = {
  OpenAI: {
    wire: 'openai',
    async start() {
      const mock = await startOpenAIMock({ apiKey: 'sk-test' });
      const ctx = providerContext('openai', { baseUrl: mock.url, organization: '' }, { apiKey: 'sk-test' }, credentialedFetch());
      return { adapter: createOpenAICompatibleAdapter('openai'), model: 'gpt-4o-mini', ctx, ...mock };
    },
  },
  Anthropic: {
    wire: 'anthropic',
    async start() {
      const mock = await startAnthropicMock({ apiKey: 'sk-ant' });
      const ctx = providerContext('anthropic', { baseUrl: mock.url }, { apiKey: 'sk-ant' }, credentialedFetch());
      return { adapter: anthropicAdapter, model: 'claude-sonnet-4-6', ctx, ...mock };
    },
  },
  Gemini: {
    wire: 'gemini',
    async start() {
      const mock = await startGeminiMock({ apiKey: 'AIza-test' });
      const ctx = providerContext('gemini', { baseUrl: mock.url }, { apiKey: 'AIza-test' }, credentialedFetch());
      return { adapter: geminiAdapter, model: 'gemini-2.0-flash', ctx, ...mock };
    },
  },
  Ollama: {
    wire: 'ollama',
    async start() {
      const mock = await startOllamaMock({ models: ['llava:latest'] });
      const ctx = providerContext('ollama', { baseUrl: mock.url }, {}, (input, init) => fetch(input, init));
      return { adapter: ollamaAdapter, model: 'llava:latest', ctx, ...mock };
    },
  },
};

describe.each(Object.entries(CASES))('%s mock and adapter', (_name, { wire, start }) => {
  it('receives the attached images in the provider’s own format and answers', async () => {
    const harness = await start();
    closers.push(() => harness.close());
    const events = await runChat(harness.adapter, harness.ctx, withImages(harness.model));
    expect(errorOf(events)).toBeUndefined();
    expect(textOf(events)).toBe('Echo: What is in the picture?');
    expect(imagesIn(wire, harness.requests.at(-1)!.body)).toEqual([PNG, JPEG]);
  });
});

describe('image checks of the mocks', () => {
  it('refuses the malformed image parts each service refuses', () => {
    expect(
      imageProblem('openai', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }] }),
    ).toMatch(/data URL/);
    expect(
      imageProblem('anthropic', {
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'AAAA' } }] }],
      }),
    ).toMatch(/unsupported image type/);
    expect(
      imageProblem('gemini', { contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'not base64!' } }] }] }),
    ).toMatch(/not base64/);
    expect(imageProblem('ollama', { messages: [{ role: 'user', content: '', images: ['data:image/png;base64,iVBORw0KGgo='] }] })).toMatch(
      /data URL/,
    );
    expect(
      imageProblem('bedrock-converse', {
        messages: [{ role: 'user', content: [{ image: { format: 'tiff', source: { bytes: 'AAAA' } } }] }],
      }),
    ).toMatch(/unsupported image type/);
  });

  it('accepts Bedrock’s Converse input as the SDK sends it, and Nova’s body', () => {
    const config: BedrockConfig = {
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 's' },
      useFipsEndpoint: false,
      useDualstackEndpoint: false,
      trace: false,
      latencyOptimized: false,
    };
    // The SDK serialises blob members as base64 in Converse's JSON.
    const converse = JSON.parse(
      JSON.stringify(converseInput(withImages('amazon.nova-lite-v1:0'), config), (_key, value: unknown) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
      ),
    );
    expect(imagesIn('bedrock-converse', converse)).toEqual([PNG, JPEG]);
    expect(imageProblem('bedrock-converse', converse)).toBeUndefined();
    expect(imagesIn('bedrock-nova', JSON.parse(JSON.stringify(novaCodec.body(withImages('amazon.nova-lite-v1:0')))))).toEqual([PNG, JPEG]);
  });
});

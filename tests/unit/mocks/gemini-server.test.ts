import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geminiQuotaErrorBody, startGeminiMock, type GeminiMock } from '../../mocks/gemini-server';

const KEY = 'AIza-mock-key';

async function collect(stream: AsyncGenerator<GenerateContentResponse>): Promise<GenerateContentResponse[]> {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function textOf(chunks: GenerateContentResponse[]): string {
  return chunks.map((c) => (c.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? '').join('')).join('');
}

describe('Gemini mock, spoken to by @google/genai', () => {
  let mock: GeminiMock;
  let client: GoogleGenAI;
  const make = (apiKey = KEY) => new GoogleGenAI({ apiKey, apiVersion: 'v1beta', httpOptions: { baseUrl: mock.url } });

  beforeEach(async () => {
    mock = await startGeminiMock({ apiKey: KEY, maxPageSize: 2 });
    client = make();
  });
  afterEach(() => mock.close());

  it('lists models across pages, with their generation methods', async () => {
    const seen: { name?: string; actions?: string[] }[] = [];
    for await (const m of await client.models.list()) seen.push({ name: m.name, actions: m.supportedActions });
    expect(seen.map((m) => m.name)).toEqual([
      'models/gemini-2.0-flash',
      'models/gemini-2.5-pro',
      'models/text-embedding-004',
      'models/gemini-2.5-flash',
      'models/imagen-3.0-generate-002',
    ]);
    expect(seen[2]?.actions).toEqual(['embedContent']);
    expect(mock.requests.map((r) => r.path)).toEqual([
      '/v1beta/models',
      expect.stringMatching(/^\/v1beta\/models\?pageToken=/),
      expect.stringMatching(/^\/v1beta\/models\?pageToken=/),
    ]);
  });

  it('streams the echo of the last user turn as server-sent events, with usage', async () => {
    const chunks = await collect(
      await client.models.generateContentStream({
        model: 'gemini-2.0-flash',
        contents: [
          { role: 'user', parts: [{ text: 'first' }] },
          { role: 'model', parts: [{ text: 'ok' }] },
          { role: 'user', parts: [{ text: 'Bonjour 👋' }] },
        ],
        config: { systemInstruction: 'Be brief.', temperature: 0.2 },
      }),
    );
    expect(chunks.length).toBeGreaterThan(1);
    expect(textOf(chunks)).toBe('Echo: Bonjour 👋');
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata?.candidatesTokenCount).toBeGreaterThan(0);
    const last = mock.requests.at(-1);
    expect(last?.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(last?.headers['x-goog-api-key']).toBe(KEY);
    expect(last?.body).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, generationConfig: { temperature: 0.2 } });
  });

  it('answers generateContent in one piece', async () => {
    mock.enqueue({ kind: 'text', text: 'Whole answer', usage: { input: 4, output: 2 } });
    const res = await client.models.generateContent({ model: 'gemini-2.5-pro', contents: 'hi' });
    expect(res.text).toBe('Whole answer');
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 });
    expect(mock.requests.at(-1)?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
  });

  it('returns function calls whole, with their arguments as objects', async () => {
    mock.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'get_weather', arguments: '{"city":"Zürich"}' },
        { name: 'get_time', arguments: '{}' },
      ],
    });
    const chunks = await collect(
      await client.models.generateContentStream({
        model: 'gemini-2.0-flash',
        contents: 'weather?',
        config: {
          tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather', parametersJsonSchema: { type: 'object' } }] }],
        },
      }),
    );
    const calls = chunks.flatMap((c) => c.functionCalls ?? []);
    expect(calls).toEqual([
      { name: 'get_weather', args: { city: 'Zürich' } },
      { name: 'get_time', args: {} },
    ]);
  });

  it('blocks a prompt with promptFeedback and no candidates', async () => {
    mock.enqueue({ kind: 'prompt-blocked', blockReason: 'PROHIBITED_CONTENT' });
    const [chunk] = await collect(await client.models.generateContentStream({ model: 'gemini-2.0-flash', contents: 'bad' }));
    expect(chunk?.promptFeedback?.blockReason).toBe('PROHIBITED_CONTENT');
    expect(chunk?.candidates).toBeUndefined();
  });

  it('stops an answer for safety with the blocked category rated', async () => {
    mock.enqueue({ kind: 'text', text: 'Here is how to', finishReason: 'SAFETY' });
    const chunks = await collect(await client.models.generateContentStream({ model: 'gemini-2.0-flash', contents: 'x' }));
    expect(textOf(chunks)).toBe('Here is how to');
    const last = chunks.at(-1)?.candidates?.[0];
    expect(last?.finishReason).toBe('SAFETY');
    expect(last?.safetyRatings?.find((r) => r.blocked)?.category).toBe('HARM_CATEGORY_DANGEROUS_CONTENT');
  });

  it('refuses a wrong key the way Gemini does: 400 API_KEY_INVALID', async () => {
    const error = await make('AIza-wrong')
      .models.generateContent({ model: 'gemini-2.0-flash', contents: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('API_KEY_INVALID');
  });

  it('refuses a key in the query string', async () => {
    const res = await fetch(`${mock.url}/v1beta/models?key=${KEY}`);
    expect(res.status).toBe(400);
  });

  it('answers 429 RESOURCE_EXHAUSTED naming the quota that ran out', async () => {
    mock.enqueue({ kind: 'status', status: 429, body: geminiQuotaErrorBody('day') });
    const error = (await client.models.generateContent({ model: 'gemini-2.0-flash', contents: 'hi' }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.message).toContain('RESOURCE_EXHAUSTED');
    expect(error.message).toContain('GenerateRequestsPerDayPerProjectPerModel-FreeTier');
  });

  it('reports an unknown model with 404 NOT_FOUND', async () => {
    const error = (await client.models.generateContent({ model: 'gemini-nope', contents: 'hi' }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.message).toContain('models/gemini-nope is not found');
  });

  it('sends an error event mid-stream, which the SDK throws after the text so far', async () => {
    mock.enqueue({ kind: 'error-after', text: 'started', message: 'generation failed' });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of await client.models.generateContentStream({ model: 'gemini-2.0-flash', contents: 'x' }))
        seen.push(textOf([chunk]));
    })().catch((e: unknown) => e);
    expect(seen.join('')).toBe('started');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).message).toContain('generation failed');
  });

  it('cuts the connection mid-stream on drop-after', async () => {
    mock.enqueue({ kind: 'drop-after', text: 'half' });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of await client.models.generateContentStream({ model: 'gemini-2.0-flash', contents: 'x' }))
        seen.push(textOf([chunk]));
    })().catch((e: unknown) => e);
    expect(seen.join('')).toBe('half');
    expect(error).toBeInstanceOf(TypeError);
  });
});

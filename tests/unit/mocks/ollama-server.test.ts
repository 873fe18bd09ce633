import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOllamaMock, type OllamaMock } from '../../mocks/ollama-server';

async function lines(res: Response): Promise<Record<string, unknown>[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function chat(mock: OllamaMock, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('Ollama mock, spoken to with fetch', () => {
  let mock: OllamaMock;

  beforeEach(async () => {
    mock = await startOllamaMock();
  });
  afterEach(() => mock.close());

  it('says it is running and lists its models', async () => {
    expect(await (await fetch(mock.url)).text()).toBe('Ollama is running');
    const tags = (await (await fetch(`${mock.url}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models.map((m) => m.name)).toEqual(['llama3.2:latest', 'qwen2.5:0.5b']);
  });

  it('streams an echo as NDJSON, ending with done, done_reason and counts', async () => {
    const res = await chat(mock, { model: 'llama3.2', messages: [{ role: 'user', content: 'Hallo 😀' }] });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const all = await lines(res);
    const text = all.map((l) => (l.message as { content: string }).content).join('');
    expect(text).toBe('Echo: Hallo 😀');
    const last = all.at(-1);
    expect(last).toMatchObject({ done: true, done_reason: 'stop' });
    expect(last?.eval_count).toEqual(expect.any(Number));
    expect(last?.prompt_eval_count).toEqual(expect.any(Number));
    expect(all.slice(0, -1).every((l) => l.done === false)).toBe(true);
  });

  it('answers in one object when stream is false', async () => {
    mock.enqueue({ kind: 'text', text: 'whole', usage: { input: 4, output: 1 } });
    const res = await chat(mock, { model: 'qwen2.5:0.5b', stream: false, messages: [{ role: 'user', content: 'x' }] });
    expect(await res.json()).toMatchObject({ message: { content: 'whole' }, done: true, prompt_eval_count: 4, eval_count: 1 });
  });

  it('sends tool calls whole, with object arguments', async () => {
    mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Paris"}' });
    const all = await lines(await chat(mock, { model: 'llama3.2', messages: [{ role: 'user', content: 'x' }] }));
    const withCalls = all.find((l) => (l.message as { tool_calls?: unknown }).tool_calls);
    expect((withCalls?.message as { tool_calls: unknown }).tool_calls).toEqual([
      { function: { index: 0, name: 'get_weather', arguments: { city: 'Paris' } } },
    ]);
  });

  it('answers 404 for a model it does not have', async () => {
    const res = await chat(mock, { model: 'mistral', messages: [] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('not found');
  });

  it('refuses browser-extension origins with 403 and records every origin', async () => {
    for (const origin of ['chrome-extension://abcdef', 'moz-extension://1234', 'safari-web-extension://x']) {
      const res = await fetch(`${mock.url}/api/tags`, { headers: { origin } });
      expect(res.status).toBe(403);
    }
    const local = await fetch(`${mock.url}/api/tags`, { headers: { origin: 'http://localhost:3000' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    await fetch(`${mock.url}/api/tags`);
    expect(mock.origins).toEqual([
      'chrome-extension://abcdef',
      'moz-extension://1234',
      'safari-web-extension://x',
      'http://localhost:3000',
      undefined,
    ]);
  });

  it('lets extension origins in once allowed, as OLLAMA_ORIGINS does', async () => {
    const allowing = await startOllamaMock({ allowedOrigins: ['chrome-extension://*'] });
    try {
      expect((await fetch(`${allowing.url}/api/tags`, { headers: { origin: 'chrome-extension://abc' } })).status).toBe(200);
      expect((await fetch(`${allowing.url}/api/tags`, { headers: { origin: 'moz-extension://abc' } })).status).toBe(403);
    } finally {
      await allowing.close();
    }
  });

  it('ends with an in-band error line on error-after, and drops the socket on drop-after', async () => {
    mock.enqueue({ kind: 'error-after', text: 'so far', message: 'runner crashed' });
    const all = await lines(await chat(mock, { model: 'llama3.2', messages: [] }));
    expect(all.at(-1)).toEqual({ error: 'runner crashed' });

    mock.enqueue({ kind: 'drop-after', text: 'cut' });
    const res = await chat(mock, { model: 'llama3.2', messages: [] });
    await expect(res.text()).rejects.toThrow();
    expect(mock.aborted).toBe(0);
  });
});

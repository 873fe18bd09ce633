import { describe, expect, it } from 'vitest';
import { ChatFailure } from '../../../lib/core/errors';
import { parseNdjson } from '../../../lib/transport/ndjson';
import { collect, everyChunking, streamOf } from './rechunk';

const encode = (s: string) => new TextEncoder().encode(s);

const values = [
  { model: 'llama3.2', message: { role: 'assistant', content: 'Grüße 👋' }, done: false },
  { model: 'llama3.2', message: { role: 'assistant', content: '你好，世界' }, done: false },
  { model: 'llama3.2', message: { role: 'assistant', content: '' }, done: true, eval_count: 7 },
];

describe('parseNdjson', () => {
  const recorded = `${JSON.stringify(values[0])}\r\n\n  \n${JSON.stringify(values[1])}\n${JSON.stringify(values[2])}`;

  it('yields the same values however the bytes are chunked, with blank lines and no final newline', async () => {
    for (const chunks of everyChunking(encode(recorded))) {
      expect(await collect(parseNdjson(streamOf(chunks)))).toEqual(values);
    }
  });

  it("fails with 'malformed-stream' on a line that is not JSON, after the good lines before it", async () => {
    const seen: unknown[] = [];
    let failure: unknown;
    try {
      for await (const v of parseNdjson(streamOf([encode(`${JSON.stringify(values[0])}\n{"model": "x", "mess\n`)]))) seen.push(v);
    } catch (e) {
      failure = e;
    }
    expect(seen).toEqual([values[0]]);
    expect(failure).toBeInstanceOf(ChatFailure);
    expect((failure as ChatFailure).error.code).toBe('malformed-stream');
  });
});

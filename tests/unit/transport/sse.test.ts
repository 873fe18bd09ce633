import { describe, expect, it } from 'vitest';
import { parseSse, type SseEvent } from '../../../lib/transport/sse';
import { collect, everyChunking, streamOf } from './rechunk';

const recorded = [
  ': keep-alive comment\r\n',
  'event: message\r\n',
  'id: 1\r\n',
  'data: {"delta":"Hello 👋"}\r\n',
  '\r\n',
  'data: first line\n',
  'data: second 中文 line\n',
  '\n',
  'data:no-space\r',
  '\r',
  'event: update\n',
  'data\n',
  '\n',
  'id: 2\n',
  'data: {"delta":"🎉🎉"}\n',
  'retry: 3000\n',
  'unknown: field\n',
  '\n',
  'event: ignored-without-data\n',
  '\n',
  'data:  indented\n',
  '\n',
  'data: [DONE]\n',
  '\n',
  'data: cut off before its blank line',
].join('');

const expected: SseEvent[] = [
  { event: 'message', id: '1', data: '{"delta":"Hello 👋"}' },
  { id: '1', data: 'first line\nsecond 中文 line' },
  { id: '1', data: 'no-space' },
  { event: 'update', id: '1', data: '' },
  { id: '2', data: '{"delta":"🎉🎉"}' },
  { id: '2', data: ' indented' },
  { id: '2', data: '[DONE]' },
];

describe('parseSse', () => {
  const bytes = new TextEncoder().encode(recorded);

  it('parses a recorded stream: comments, CRLF/CR/LF, multi-line data, ids, events without data', async () => {
    expect(await collect(parseSse(streamOf([bytes])))).toEqual(expected);
  });

  it('yields the same events however the bytes are chunked, mid-character and mid-line included', async () => {
    const ways = everyChunking(bytes);
    expect(ways.length).toBe(bytes.length + 2);
    for (const chunks of ways) {
      expect(await collect(parseSse(streamOf(chunks)))).toEqual(expected);
    }
  });

  it('ignores an id containing NUL', async () => {
    const events = await collect(parseSse(streamOf([new TextEncoder().encode('id: a\0b\ndata: x\n\n')])));
    expect(events).toEqual([{ data: 'x' }]);
  });
});

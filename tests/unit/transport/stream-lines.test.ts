import { describe, expect, it } from 'vitest';
import { decodeLines } from '../../../lib/transport/stream-lines';
import { collect, everyChunking, streamOf } from './rechunk';

const encode = (s: string) => new TextEncoder().encode(s);

describe('decodeLines', () => {
  const text = 'a\r\nb\rc\n\nd😀\r\r\n中文 and ü\n€ last';
  const expected = ['a', 'b', 'c', '', 'd😀', '', '中文 and ü', '€ last'];

  it('splits on \\n, \\r\\n and \\r wherever the chunks are cut, multi-byte characters included', async () => {
    for (const chunks of everyChunking(encode(text))) {
      expect(await collect(decodeLines(streamOf(chunks)))).toEqual(expected);
    }
  });

  it('treats a trailing \\r as a line end without waiting for more', async () => {
    expect(await collect(decodeLines(streamOf([encode('x\r')])))).toEqual(['x']);
    expect(await collect(decodeLines(streamOf([encode('x\r'), encode('\n'), encode('y')])))).toEqual(['x', 'y']);
  });

  it('replaces invalid UTF-8 rather than failing', async () => {
    expect(await collect(decodeLines(streamOf([Uint8Array.of(0x61, 0xff, 0x62, 0x0a)])))).toEqual(['a\uFFFDb']);
  });

  it('reads any async iterable of bytes', async () => {
    async function* source() {
      yield encode('one\ntw');
      yield encode('o\n');
    }
    expect(await collect(decodeLines(source()))).toEqual(['one', 'two']);
  });

  it('cancels the stream when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encode('line\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const line of decodeLines(stream)) {
      expect(line).toBe('line');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

/** Byte-stream fixtures for the stream parsers: the same bytes cut in every way that matters. */

export function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.slice(start, cut));
    start = cut;
  }
  return out;
}

/** Every two-piece cut (including empty pieces at either end), then one byte at a time. */
export function everyChunking(bytes: Uint8Array): Uint8Array[][] {
  const ways: Uint8Array[][] = [];
  for (let cut = 0; cut <= bytes.length; cut++) ways.push(splitAt(bytes, [cut]));
  ways.push(Array.from(bytes, (b) => Uint8Array.of(b)));
  return ways;
}

export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

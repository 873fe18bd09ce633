/** What a response body looks like to the stream parsers: a web stream or any async byte source. */
export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * Reads a web stream through a reader rather than `for await`, because
 * ReadableStream is not async-iterable in every browser the extension runs in.
 * Stopping early cancels the stream so the underlying request is torn down.
 */
async function* iterateBytes(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (!(source instanceof ReadableStream)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

const LF = 10;
const CR = 13;

/**
 * Splits a UTF-8 byte stream into lines ending in \n, \r\n or \r, wherever the
 * chunk boundaries fall: the decoder holds back partial multi-byte characters,
 * and a \r at the end of a chunk waits to see whether a \n follows. A last line
 * with no terminator is yielded too; whether it counts is the caller's call.
 */
export async function* decodeLines(source: ByteSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let line = '';
  let skipLeadingLF = false;

  function* split(text: string): Generator<string> {
    let start = 0;
    if (skipLeadingLF && text.length > 0) {
      if (text.charCodeAt(0) === LF) start = 1;
      skipLeadingLF = false;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== LF && c !== CR) continue;
      yield line + text.slice(start, i);
      line = '';
      if (c === CR) {
        if (i + 1 === text.length) skipLeadingLF = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
    }
    line += text.slice(start);
  }

  for await (const chunk of iterateBytes(source)) {
    yield* split(decoder.decode(chunk, { stream: true }));
  }
  yield* split(decoder.decode());
  if (line) yield line;
}

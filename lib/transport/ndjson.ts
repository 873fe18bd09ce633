import { fail } from '../core/errors';
import { decodeLines, type ByteSource } from './stream-lines';

const SNIPPET = 120;

/** One JSON value per line; blank lines are skipped, anything else that is not JSON fails the stream. */
export async function* parseNdjson(source: ByteSource): AsyncGenerator<unknown> {
  for await (const line of decodeLines(source)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      const shown = line.length > SNIPPET ? `${line.slice(0, SNIPPET)}…` : line;
      fail('malformed-stream', `Not a JSON line in the response stream: ${shown}`);
    }
    yield value;
  }
}

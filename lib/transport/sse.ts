import { decodeLines, type ByteSource } from './stream-lines';

export interface SseEvent {
  /** The `event:` field; absent for the default "message" type. */
  event?: string;
  /** `data:` lines joined with \n. */
  data: string;
  /** The last event id seen so far, as the spec carries it forward. */
  id?: string;
}

/**
 * Server-sent events as the HTML spec parses them: comments (`:`) and unknown
 * fields are ignored, a single space after the colon is dropped, a blank line
 * dispatches, and an event without data is not dispatched. An event still open
 * when the stream ends is discarded, as the spec requires: a body that stops
 * mid-event was cut off, and a half event must not pass as a whole one.
 */
export async function* parseSse(source: ByteSource): AsyncGenerator<SseEvent> {
  let data: string[] = [];
  let event: string | undefined;
  let lastId: string | undefined;

  for await (const line of decodeLines(source)) {
    if (line === '') {
      if (data.length > 0) {
        const out: SseEvent = { data: data.join('\n') };
        if (event) out.event = event;
        if (lastId !== undefined) out.id = lastId;
        yield out;
      }
      data = [];
      event = undefined;
      continue;
    }
    if (line.startsWith(':')) continue;

    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);

    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  }
}

import type { FetchLike } from './secure-fetch';

const DONE_LINE = /\ndata: ?\[DONE\]\r?\n/;

/**
 * A fetch that calls `onDone` once an event stream's `data: [DONE]` line goes
 * by, for SDKs that swallow the marker: OpenAI-compatible servers may end a
 * finished answer with it alone, without a finish reason.
 */
export function watchSseDone(fetch: FetchLike, onDone: () => void): FetchLike {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body || !res.headers.get('content-type')?.includes('text/event-stream')) return res;
    const decoder = new TextDecoder();
    // The start of the line still open, so a marker split across chunks is still seen; a long line cannot be the marker.
    let carry = '\n';
    const watch = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = carry + decoder.decode(chunk, { stream: true });
        if (DONE_LINE.test(text)) onDone();
        const open = text.slice(text.lastIndexOf('\n'));
        carry = open.length <= 16 ? open : '';
        controller.enqueue(chunk);
      },
    });
    return new Response(res.body.pipeThrough(watch), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

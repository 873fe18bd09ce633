import { describe, expect, it } from 'vitest';
import { mcpFetch } from '../../../lib/mcp/mcp-fetch';
import { mapToolResult } from '../../../lib/mcp/results';
import { failureOf } from '../support/failure';

describe('the MCP size cap', () => {
  const answer = (bytes: number) => async () => new Response('x'.repeat(bytes));

  it('errors while reading a POST answer over the cap, and passes a smaller one whole', async () => {
    const fetch = mcpFetch('http://127.0.0.1:9', 1_000, answer(5_000));
    const big = await fetch('http://127.0.0.1:9/mcp', { method: 'POST' });
    expect((await failureOf(big.text())).code).toBe('mcp-too-large');
    const small = await mcpFetch('http://127.0.0.1:9', 1_000, answer(900))('http://127.0.0.1:9/mcp', { method: 'POST' });
    expect(await small.text()).toHaveLength(900);
  });

  it('refuses any origin but the approved one, before sending anything', async () => {
    let sent = 0;
    const fetch = mcpFetch('http://127.0.0.1:9', 1_000, async () => (sent++, new Response('')));
    expect((await failureOf(fetch('http://127.0.0.1:10/messages', { method: 'POST' }))).code).toBe('forbidden');
    expect(sent).toBe(0);
  });

  it('cuts long text and leaves out images past their budget, saying so', () => {
    const mapped = mapToolResult(
      {
        content: [
          { type: 'text', text: 'y'.repeat(50) },
          { type: 'image', data: 'a'.repeat(30), mimeType: 'image/png' },
          { type: 'image', data: 'b'.repeat(30), mimeType: 'image/png' },
        ],
      },
      { maxChars: 120, maxImageChars: 40 },
    );
    expect(mapped.images).toEqual([{ mimeType: 'image/png', data: 'a'.repeat(30) }]);
    expect(mapped.text).toContain('[The result was cut at 120 characters.]');
    expect(mapped.text.startsWith('y'.repeat(50))).toBe(true);
  });

  it('passes structured content on when a tool sends nothing else', () => {
    expect(mapToolResult({ content: [], structuredContent: { temp: 21 } }, { maxChars: 100, maxImageChars: 0 }).text).toBe('{"temp":21}');
  });
});

import { describe, expect, it } from 'vitest';
import type { ProviderKind } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';

describe('getAdapter', () => {
  it.each<ProviderKind>(['openai', 'openai-compatible', 'ollama'])('returns the %s adapter', (kind) => {
    expect(getAdapter(kind).kind).toBe(kind);
  });

  it('knows how many tools each provider takes in one request', () => {
    expect(getAdapter('openai').maxTools).toBe(128);
    expect(getAdapter('gemini').maxTools).toBe(64);
    // No documented cap: OpenAI's 128.
    for (const kind of ['anthropic', 'ollama', 'azure-inference', 'bedrock', 'openai-compatible', 'groq'] as ProviderKind[]) {
      expect(getAdapter(kind).maxTools).toBe(128);
    }
    expect(getAdapter('builtin').maxTools).toBe(0);
  });

  it("fails with 'unsupported' for a kind without an adapter", () => {
    expect(() => getAdapter('no-such-kind' as ProviderKind)).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ code: 'unsupported' }) }),
    );
  });
});

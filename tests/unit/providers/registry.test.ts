import { describe, expect, it } from 'vitest';
import type { ProviderKind } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';

describe('getAdapter', () => {
  it.each<ProviderKind>(['openai', 'openai-compatible', 'ollama'])('returns the %s adapter', (kind) => {
    expect(getAdapter(kind).kind).toBe(kind);
  });

  it("fails with 'unsupported' for a kind without an adapter", () => {
    expect(() => getAdapter('no-such-kind' as ProviderKind)).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ code: 'unsupported' }) }),
    );
  });
});

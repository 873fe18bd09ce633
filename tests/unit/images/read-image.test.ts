import { describe, expect, it } from 'vitest';
import { needsRedraw } from '../../../components/images/read-image';
import { imageLimit } from '../../../lib/core/image-limits';

const png = (width: number, height: number, size = 1000) => ({
  width,
  height,
  mimeType: 'image/png' as const,
  blob: new Blob([new Uint8Array(size)]),
});

describe('needsRedraw', () => {
  const openai = imageLimit('openai')!;
  it('leaves an image the provider takes as it is', () => {
    expect(needsRedraw(png(2048, 1000), openai)).toBe(false);
  });
  it('redraws one wider or taller than the limit, or heavier', () => {
    expect(needsRedraw(png(2049, 10), openai)).toBe(true);
    expect(needsRedraw(png(10, 1569), imageLimit('anthropic')!)).toBe(true);
    expect(needsRedraw(png(100, 100, 6 * 1024 * 1024), imageLimit('anthropic')!)).toBe(true);
  });
  it('re-encodes a format the provider does not read (WebP for Ollama)', () => {
    expect(needsRedraw({ ...png(10, 10), mimeType: 'image/webp' }, imageLimit('ollama')!)).toBe(true);
    expect(needsRedraw({ ...png(10, 10), mimeType: 'image/webp' }, openai)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { AudioCache, DEFAULT_AUDIO_CACHE_BYTES, type AudioCacheKey } from '../../../lib/speech/audio-cache';

const key = (text: string, extra: Partial<AudioCacheKey> = {}): AudioCacheKey => ({
  engine: 'openai',
  voice: 'alloy',
  speed: 1,
  text,
  ...extra,
});
const bytes = (n: number) => new ArrayBuffer(n);

describe('AudioCache', () => {
  it('defaults to a 20 MB budget', () => {
    expect(DEFAULT_AUDIO_CACHE_BYTES).toBe(20 * 1024 * 1024);
    expect(new AudioCache().maxBytes).toBe(DEFAULT_AUDIO_CACHE_BYTES);
  });

  it('stores and returns audio by engine, voice, speed and text', () => {
    const cache = new AudioCache(100);
    const audio = bytes(10);
    expect(cache.set(key('hello'), audio)).toBe(true);
    expect(cache.get(key('hello'))).toBe(audio);
    expect(cache.has(key('hello'))).toBe(true);
    for (const other of [key('hello!'), key('hello', { voice: 'nova' }), key('hello', { speed: 1.5 }), key('hello', { engine: 'edge' })]) {
      expect(cache.has(other)).toBe(false);
      expect(cache.get(other)).toBeUndefined();
    }
  });

  it('keeps fields apart whatever characters they contain', () => {
    const cache = new AudioCache(100);
    cache.set(key('b', { voice: 'a' }), bytes(1));
    expect(cache.has(key('"b', { voice: 'a"' }))).toBe(false);
    expect(cache.has(key('a|b', { voice: '' }))).toBe(false);
  });

  it('counts Blob and ArrayBuffer sizes', () => {
    const cache = new AudioCache(100);
    cache.set(key('a'), new Blob([new Uint8Array(30)]));
    cache.set(key('b'), bytes(20));
    expect(cache.bytes).toBe(50);
    expect(cache.size).toBe(2);
    expect(cache.get(key('a'))).toBeInstanceOf(Blob);
  });

  it('evicts the least recently used entries when over budget', () => {
    const cache = new AudioCache(30);
    cache.set(key('a'), bytes(10));
    cache.set(key('b'), bytes(10));
    cache.set(key('c'), bytes(10));
    cache.get(key('a'));
    cache.set(key('d'), bytes(10));
    expect(cache.has(key('b'))).toBe(false);
    expect([cache.has(key('a')), cache.has(key('c')), cache.has(key('d'))]).toEqual([true, true, true]);
    cache.set(key('e'), bytes(25));
    expect([cache.has(key('a')), cache.has(key('c')), cache.has(key('d')), cache.has(key('e'))]).toEqual([false, false, false, true]);
    expect(cache.bytes).toBe(25);
  });

  it('does not refresh recency on has()', () => {
    const cache = new AudioCache(20);
    cache.set(key('a'), bytes(10));
    cache.set(key('b'), bytes(10));
    cache.has(key('a'));
    cache.set(key('c'), bytes(10));
    expect(cache.has(key('a'))).toBe(false);
    expect(cache.has(key('b'))).toBe(true);
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new AudioCache(100);
    cache.set(key('a'), bytes(40));
    cache.set(key('a'), bytes(30));
    expect(cache.bytes).toBe(30);
    expect(cache.size).toBe(1);
  });

  it('refuses audio larger than the whole budget and keeps the rest', () => {
    const cache = new AudioCache(50);
    cache.set(key('a'), bytes(10));
    expect(cache.set(key('huge'), bytes(51))).toBe(false);
    expect(cache.has(key('huge'))).toBe(false);
    expect(cache.has(key('a'))).toBe(true);
    expect(cache.bytes).toBe(10);
  });

  it('deletes and clears', () => {
    const cache = new AudioCache(100);
    cache.set(key('a'), bytes(10));
    cache.set(key('b'), bytes(10));
    expect(cache.delete(key('a'))).toBe(true);
    expect(cache.delete(key('a'))).toBe(false);
    expect(cache.bytes).toBe(10);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('offers a view scoped to one engine, voice and speed', () => {
    const cache = new AudioCache(100);
    const view = cache.scoped({ engine: 'edge', voice: 'en-US-JennyNeural', speed: 1.25 });
    const audio = bytes(5);
    view.set('Hello.', audio);
    expect(cache.get(key('Hello.', { engine: 'edge', voice: 'en-US-JennyNeural', speed: 1.25 }))).toBe(audio);
    expect(view.get('Hello.')).toBe(audio);
    expect(cache.scoped({ engine: 'edge', voice: 'en-US-JennyNeural', speed: 1 }).get('Hello.')).toBeUndefined();
  });

  it('rejects a negative budget', () => {
    expect(() => new AudioCache(-1)).toThrow(RangeError);
    expect(() => new AudioCache(Number.NaN)).toThrow(RangeError);
  });
});

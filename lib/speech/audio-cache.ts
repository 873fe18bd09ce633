export type CachedAudio = Blob | ArrayBuffer;

/** What makes two syntheses interchangeable. `engine` is a SpeechEngineId, or a finer id such as `openai:tts-1-hd`. */
export interface AudioCacheKey {
  engine: string;
  voice: string;
  speed: number;
  text: string;
}

/** A cache seen through one engine/voice/speed, keyed by text alone (what the prefetcher needs). */
export interface TextAudioCache<A> {
  get(text: string): A | undefined;
  set(text: string, audio: A): void;
}

export const DEFAULT_AUDIO_CACHE_BYTES = 20 * 1024 * 1024;

function sizeOf(audio: CachedAudio): number {
  return audio instanceof Blob ? audio.size : audio.byteLength;
}

function keyString({ engine, voice, speed, text }: AudioCacheKey): string {
  // JSON keeps the fields apart whatever characters they hold.
  return JSON.stringify([engine, voice, speed, text]);
}

/**
 * Least-recently-used store of synthesized audio bounded by the audio's byte
 * size. Relies on Map keeping insertion order: reading an entry re-inserts it,
 * so the first key is always the one to evict.
 */
export class AudioCache {
  readonly maxBytes: number;
  private readonly entries = new Map<string, CachedAudio>();
  private total = 0;

  constructor(maxBytes: number = DEFAULT_AUDIO_CACHE_BYTES) {
    if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be a non-negative number, got ${maxBytes}`);
    this.maxBytes = maxBytes;
  }

  /** Bytes of audio currently held. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: AudioCacheKey): boolean {
    return this.entries.has(keyString(key));
  }

  get(key: AudioCacheKey): CachedAudio | undefined {
    const id = keyString(key);
    const audio = this.entries.get(id);
    if (audio === undefined) return undefined;
    this.entries.delete(id);
    this.entries.set(id, audio);
    return audio;
  }

  /** Stores audio and evicts the least recently used entries past the budget. Audio larger than the whole budget is not kept. */
  set(key: AudioCacheKey, audio: CachedAudio): boolean {
    const id = keyString(key);
    this.remove(id);
    const size = sizeOf(audio);
    if (size > this.maxBytes) return false;
    this.entries.set(id, audio);
    this.total += size;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  delete(key: AudioCacheKey): boolean {
    return this.remove(keyString(key));
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** The view the prefetcher uses while one voice reads one text. */
  scoped(scope: Omit<AudioCacheKey, 'text'>): TextAudioCache<CachedAudio> {
    return {
      get: (text) => this.get({ ...scope, text }),
      set: (text, audio) => void this.set({ ...scope, text }, audio),
    };
  }

  private remove(id: string): boolean {
    const audio = this.entries.get(id);
    if (audio === undefined) return false;
    this.entries.delete(id);
    this.total -= sizeOf(audio);
    return true;
  }
}

import type { CaptionTrack } from './page-content';

const YOUTUBE_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);

/** The video a YouTube watch, shorts or live page shows, or undefined for any other page. */
export function youTubeVideoId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!YOUTUBE_HOSTS.has(parsed.hostname)) return undefined;
  if (parsed.pathname === '/watch') return parsed.searchParams.get('v') || undefined;
  const [, kind, id] = parsed.pathname.split('/');
  return (kind === 'shorts' || kind === 'live') && id ? id : undefined;
}

/**
 * Runs in the page's own script world via scripting.executeScript, where the
 * player lives; it is serialised as source, so it must not refer to anything
 * outside itself. The player's current response wins over the initial one,
 * which goes stale when YouTube navigates without reloading.
 */
export function playerCaptionsInPage(): unknown {
  const player = document.getElementById('movie_player') as (HTMLElement & { getPlayerResponse?: () => unknown }) | null;
  const response = (player?.getPlayerResponse?.() ??
    (window as unknown as { ytInitialPlayerResponse?: unknown }).ytInitialPlayerResponse) as
    { videoDetails?: unknown; captions?: unknown } | undefined;
  if (!response || typeof response !== 'object') return null;
  return JSON.parse(JSON.stringify({ videoDetails: response.videoDetails, captions: response.captions })) as unknown;
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The caption tracks of a player response, if it belongs to `videoId`. */
export function captionTracksOf(playerResponse: unknown, videoId: string): CaptionTrack[] {
  const response = record(playerResponse);
  if (record(response?.videoDetails)?.videoId !== videoId) return [];
  const list = record(record(response?.captions)?.playerCaptionsTracklistRenderer)?.captionTracks;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const t = record(raw);
    if (typeof t?.baseUrl !== 'string' || typeof t.languageCode !== 'string') return [];
    return [{ baseUrl: t.baseUrl, languageCode: t.languageCode, generated: t.kind === 'asr' }];
  });
}

/**
 * The track to read: the first preferred language that has one (exact tag,
 * then same primary language), captions written by a person before
 * generated ones; otherwise the first written track, otherwise any.
 */
export function pickCaptionTrack(tracks: readonly CaptionTrack[], languages: readonly string[]): CaptionTrack | undefined {
  const norm = (tag: string) => tag.toLowerCase().replace(/_/g, '-');
  const primary = (tag: string) => norm(tag).split('-')[0]!;
  const byKind = [...tracks].sort((a, b) => Number(a.generated) - Number(b.generated));
  for (const language of languages) {
    const exact = byKind.find((t) => norm(t.languageCode) === norm(language));
    if (exact) return exact;
    const sameLanguage = byKind.find((t) => primary(t.languageCode) === primary(language));
    if (sameLanguage) return sameLanguage;
  }
  return byKind[0];
}

/** Asks for the JSON format, which keeps cue timing without XML parsing. */
export function captionUrl(track: CaptionTrack): string {
  const url = new URL(track.baseUrl, 'https://www.youtube.com');
  url.searchParams.set('fmt', 'json3');
  return url.toString();
}

interface Cue {
  startMs: number;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function json3Cues(body: string): Cue[] {
  const parsed = record(JSON.parse(body) as unknown);
  const events = Array.isArray(parsed?.events) ? parsed.events : [];
  return events.flatMap((raw) => {
    const e = record(raw);
    if (!Array.isArray(e?.segs)) return [];
    const text = e.segs.map((s) => (typeof record(s)?.utf8 === 'string' ? (record(s)!.utf8 as string) : '')).join('');
    return [{ startMs: typeof e.tStartMs === 'number' ? e.tStartMs : 0, text }];
  });
}

/** The XML formats: srv1 (<text start="1.5">, seconds) and srv3 (<p t="1500">, milliseconds). */
function xmlCues(body: string): Cue[] {
  const cues: Cue[] = [];
  for (const match of body.matchAll(/<(text|p)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const [, tag, attributes = '', inner = ''] = match;
    const start = /\b(?:start|t)="([\d.]+)"/.exec(attributes)?.[1] ?? '0';
    const startMs = tag === 'text' ? Number(start) * 1000 : Number(start);
    // srv1 escapes its text twice (&amp;#39;), so entities are decoded until none is left.
    let text = inner.replace(/<[^>]+>/g, '');
    for (let i = 0; i < 2 && /&[#a-z0-9]+;/i.test(text); i++) text = decodeEntities(text);
    cues.push({ startMs, text });
  }
  return cues;
}

function timestamp(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Paragraphs give the relevance trimming units to choose from; a video has no paragraphs of its own. */
const PARAGRAPH_CHARS = 500;
const SENTENCE_END = /[.!?。！？…]["')\]”’]?$/;

/**
 * A transcript from a caption file (json3, srv1 or srv3): cues joined into
 * paragraphs of a few sentences, each starting with its time, e.g. "[1:05]".
 * Empty when the body is no caption file (YouTube answers some requests
 * with an empty page).
 */
export function parseCaptions(body: string): string {
  const trimmed = body.trim();
  if (!trimmed) return '';
  let cues: Cue[];
  try {
    cues = trimmed.startsWith('{') ? json3Cues(trimmed) : xmlCues(trimmed);
  } catch {
    return '';
  }
  const paragraphs: string[] = [];
  let current = '';
  let startedAt = 0;
  for (const cue of cues) {
    const text = cue.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (!current) startedAt = cue.startMs;
    current = current ? `${current} ${text}` : text;
    if ((current.length >= PARAGRAPH_CHARS && SENTENCE_END.test(current)) || current.length >= PARAGRAPH_CHARS * 2) {
      paragraphs.push(`[${timestamp(startedAt)}] ${current}`);
      current = '';
    }
  }
  if (current) paragraphs.push(`[${timestamp(startedAt)}] ${current}`);
  return paragraphs.join('\n');
}

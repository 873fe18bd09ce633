import { describe, expect, it } from 'vitest';
import { captionTracksOf, captionUrl, parseCaptions, pickCaptionTrack, youTubeVideoId } from '../../../lib/page/youtube';
import type { CaptionTrack } from '../../../lib/page/page-content';

describe('youTubeVideoId', () => {
  it('recognises watch, shorts and live pages', () => {
    expect(youTubeVideoId('https://www.youtube.com/watch?v=abc123&t=4')).toBe('abc123');
    expect(youTubeVideoId('https://m.youtube.com/watch?v=xyz')).toBe('xyz');
    expect(youTubeVideoId('https://www.youtube.com/shorts/s1')).toBe('s1');
    expect(youTubeVideoId('https://youtube.com/live/l1')).toBe('l1');
  });

  it('ignores other pages', () => {
    expect(youTubeVideoId('https://www.youtube.com/')).toBeUndefined();
    expect(youTubeVideoId('https://www.youtube.com/watch')).toBeUndefined();
    expect(youTubeVideoId('https://example.com/watch?v=abc')).toBeUndefined();
    expect(youTubeVideoId('not a url')).toBeUndefined();
  });
});

const response = {
  videoDetails: { videoId: 'vid' },
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: [
        {
          baseUrl: 'https://www.youtube.com/api/timedtext?v=vid&lang=en&kind=asr',
          languageCode: 'en',
          kind: 'asr',
          name: { simpleText: 'English (auto-generated)' },
        },
        { baseUrl: 'https://www.youtube.com/api/timedtext?v=vid&lang=en', languageCode: 'en', name: { simpleText: 'English' } },
        { baseUrl: '/api/timedtext?v=vid&lang=pt-BR', languageCode: 'pt-BR' },
        { languageCode: 'broken' },
      ],
    },
  },
};

describe('captionTracksOf', () => {
  it('lists the tracks of the player response, marking generated ones', () => {
    expect(captionTracksOf(response, 'vid')).toEqual([
      { baseUrl: 'https://www.youtube.com/api/timedtext?v=vid&lang=en&kind=asr', languageCode: 'en', generated: true },
      { baseUrl: 'https://www.youtube.com/api/timedtext?v=vid&lang=en', languageCode: 'en', generated: false },
      { baseUrl: '/api/timedtext?v=vid&lang=pt-BR', languageCode: 'pt-BR', generated: false },
    ]);
  });

  it('ignores a response for another video (stale after in-page navigation) and junk', () => {
    expect(captionTracksOf(response, 'other')).toEqual([]);
    expect(captionTracksOf(null, 'vid')).toEqual([]);
    expect(captionTracksOf({ videoDetails: { videoId: 'vid' } }, 'vid')).toEqual([]);
  });
});

describe('pickCaptionTrack', () => {
  const tracks: CaptionTrack[] = captionTracksOf(response, 'vid');

  it('prefers a written track in the first preferred language', () => {
    expect(pickCaptionTrack(tracks, ['en-US'])?.generated).toBe(false);
    expect(pickCaptionTrack(tracks, ['pt-BR', 'en'])?.languageCode).toBe('pt-BR');
    expect(pickCaptionTrack(tracks, ['pt_PT'])?.languageCode).toBe('pt-BR');
  });

  it('falls back to a written track in any language', () => {
    expect(pickCaptionTrack(tracks, ['ja-JP'])).toMatchObject({ languageCode: 'en', generated: false });
    expect(pickCaptionTrack([], ['en'])).toBeUndefined();
  });
});

describe('captionUrl', () => {
  it('asks for the JSON format and resolves relative addresses', () => {
    expect(captionUrl({ baseUrl: '/api/timedtext?v=vid&fmt=srv3', languageCode: 'en', generated: false })).toBe(
      'https://www.youtube.com/api/timedtext?v=vid&fmt=json3',
    );
  });
});

describe('parseCaptions', () => {
  it('reads json3 cues into a timed transcript', () => {
    const body = JSON.stringify({
      events: [
        { tStartMs: 0, dDurationMs: 1000, segs: [{ utf8: 'Hello' }, { utf8: ' there,' }] },
        { tStartMs: 900, aAppend: 1, segs: [{ utf8: '\n' }] },
        { tStartMs: 1500 },
        { tStartMs: 2000, segs: [{ utf8: 'general Kenobi.' }] },
      ],
    });
    expect(parseCaptions(body)).toBe('[0:00] Hello there, general Kenobi.');
  });

  it('reads srv1 XML, whose text is escaped twice', () => {
    const body = `<?xml version="1.0" encoding="utf-8" ?><transcript><text start="61.2" dur="2">It&amp;#39;s &amp;quot;fine&amp;quot;</text><text start="63" dur="1">&amp;amp; done</text></transcript>`;
    expect(parseCaptions(body)).toBe('[1:01] It\'s "fine" & done');
  });

  it('reads srv3 XML with its millisecond times and inner spans', () => {
    const body =
      '<timedtext format="3"><body><p t="3723000" d="500">One <s>two</s></p><p t="3724000" d="500"> three</p></body></timedtext>';
    expect(parseCaptions(body)).toBe('[1:02:03] One two three');
  });

  it('starts a new timed paragraph after a few sentences', () => {
    const events = Array.from({ length: 60 }, (_, i) => ({ tStartMs: i * 5000, segs: [{ utf8: `Sentence number ${i} is here.` }] }));
    const text = parseCaptions(JSON.stringify({ events }));
    const paragraphs = text.split('\n');
    expect(paragraphs.length).toBeGreaterThan(2);
    expect(paragraphs.every((p) => /^\[\d+:\d\d\] /.test(p))).toBe(true);
    expect(paragraphs[1]).toMatch(/^\[1:\d\d\] Sentence number 1\d is here\./);
  });

  it('gives nothing for an empty or foreign body', () => {
    expect(parseCaptions('')).toBe('');
    expect(parseCaptions('{not json')).toBe('');
    expect(parseCaptions('<html><body>Sign in</body></html>')).toBe('');
  });
});

// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { joinTextItems } from '../../../lib/page/pdf-text';
import { extractPage } from '../../../lib/page/extract-page';

const captions = [{ baseUrl: 'https://www.youtube.com/api/timedtext?v=vid&lang=en', languageCode: 'en', generated: false }];

function page(html: string, title = 'Video - YouTube') {
  document.documentElement.innerHTML = `<head><title>${title}</title></head><body>${html}</body>`;
  return document;
}

describe('extractPage', () => {
  it('gives the transcript of the best caption track', async () => {
    const load = vi.fn(async () => JSON.stringify({ events: [{ tStartMs: 0, segs: [{ utf8: 'Welcome to the show.' }] }] }));
    const result = await extractPage(page('<p>Description</p>'), { captions, languages: ['en-US'] }, load);
    expect(load).toHaveBeenCalledWith('https://www.youtube.com/api/timedtext?v=vid&lang=en&fmt=json3');
    expect(result).toEqual({
      kind: 'page',
      page: { title: 'Video - YouTube', url: document.URL, text: '[0:00] Welcome to the show.', source: 'captions' },
    });
  });

  it('falls back to the page text when captions cannot be read', async () => {
    const result = await extractPage(page('<p>Description of the video</p>'), { captions, languages: [] }, async () => '');
    expect(result).toMatchObject({ kind: 'page', page: { source: 'visible', text: 'Description of the video' } });
    const failing = await extractPage(page('<p>Still here</p>'), { captions, languages: [] }, () => Promise.reject(new Error('offline')));
    expect(failing).toMatchObject({ kind: 'page', page: { text: 'Still here' } });
  });

  it('reports a page without text as empty', async () => {
    expect(await extractPage(page('<img src="x.png">', 'Picture'), { languages: [] })).toEqual({
      kind: 'empty',
      title: 'Picture',
      url: document.URL,
    });
  });
});

describe('joinTextItems', () => {
  it('joins pdf.js text items, breaking lines where they end and skipping marked-content items', () => {
    expect(
      joinTextItems([
        { str: 'Hello', hasEOL: false },
        { str: ' world ', hasEOL: true },
        { type: 'beginMarkedContent' },
        { str: 'Second line', hasEOL: true },
      ]),
    ).toBe('Hello world\nSecond line');
  });
});

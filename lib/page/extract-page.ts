import type { PageReadOptions, PageReadResult } from './page-content';
import { readablePage } from './readable';
import { captionUrl, parseCaptions, pickCaptionTrack } from './youtube';

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'include' });
  return response.ok ? response.text() : '';
}

/**
 * Extracts the text of the document the page-text script was injected into: a PDF is only reported
 * (the panel parses it), a video with readable captions gives its
 * transcript, anything else its article or visible text.
 */
export async function extractPage(doc: Document, options: PageReadOptions, load = fetchText): Promise<PageReadResult> {
  const title = doc.title.trim();
  const url = doc.URL;
  if (doc.contentType === 'application/pdf') return { kind: 'pdf', title, url };
  const track = options.captions && pickCaptionTrack(options.captions, options.languages);
  if (track) {
    // YouTube refuses some caption requests with an empty answer; the page text is the fallback then.
    const transcript = parseCaptions(await load(captionUrl(track)).catch(() => ''));
    if (transcript) return { kind: 'page', page: { title, url, text: transcript, source: 'captions' } };
  }
  const page = readablePage(doc);
  return page.text ? { kind: 'page', page } : { kind: 'empty', title, url };
}

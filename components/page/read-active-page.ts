import type { ContextBlock } from '../../lib/core/conversation';
import { request } from '../../lib/messaging/client';

export type PageProblem = 'restricted' | 'empty' | 'pdfUnreadable' | 'failed';

export type ActivePage = { ok: true; block: ContextBlock } | { ok: false; problem: PageProblem };

/**
 * The active tab of `windowId` as a page context block. PDFs come back from
 * the background as an address only: pdf.js needs a document and dynamic
 * imports, which the panel has and the service worker does not.
 */
export async function readActivePage(windowId: number, languages: string[]): Promise<ActivePage> {
  let result;
  try {
    result = await request('page.read', { windowId, languages });
  } catch {
    return { ok: false, problem: 'failed' };
  }
  if (result.kind === 'restricted') return { ok: false, problem: 'restricted' };
  if (result.kind === 'empty') return { ok: false, problem: 'empty' };
  if (result.kind === 'page') {
    const { title, url, text } = result.page;
    return { ok: true, block: { kind: 'page', title, url, text } };
  }
  try {
    // Loaded only for a PDF: the reader and its worker stay out of the panel's first load.
    const { pdfTextFromUrl } = await import('../../lib/page/pdf-text');
    const pdf = await pdfTextFromUrl(result.url);
    if (!pdf.text) return { ok: false, problem: 'empty' };
    return { ok: true, block: { kind: 'page', title: result.title || pdf.title || result.url, url: result.url, text: pdf.text } };
  } catch {
    return { ok: false, problem: 'pdfUnreadable' };
  }
}

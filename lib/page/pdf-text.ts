import { MAX_READ_CHARS } from './page-content';
import { codeForStatus, fail } from '../core/errors';

interface TextItemLike {
  str?: unknown;
  hasEOL?: unknown;
}

/** pdf.js text items in reading order; an item ending a line says so with hasEOL. */
export function joinTextItems(items: readonly object[]): string {
  let text = '';
  for (const item of items as readonly TextItemLike[]) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}

/**
 * The text of a PDF. pdf.js is large and only PDFs need it, so it loads on
 * first use; it parses in its own worker, and never evaluates code built
 * from the file (extension pages forbid eval anyway).
 */
async function pdfText(data: ArrayBuffer, limit = MAX_READ_CHARS): Promise<{ title?: string; text: string }> {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    pdfjs.GlobalWorkerOptions.workerSrc = (await import('pdfjs-dist/build/pdf.worker.min.mjs?url')).default;
  }
  const doc = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true }).promise;
  try {
    const info = (await doc.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= doc.numPages && length < limit; n++) {
      const page = await doc.getPage(n);
      const text = joinTextItems((await page.getTextContent()).items);
      page.cleanup();
      if (text) {
        pages.push(text);
        length += text.length + 1;
      }
    }
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    return { ...(title ? { title } : {}), text: pages.join('\n').slice(0, limit) };
  } finally {
    await doc.destroy();
  }
}

/** Fetches a PDF the user is viewing and reads it; the extension's host access lets it read any origin. */
export async function pdfTextFromUrl(url: string): Promise<{ title?: string; text: string }> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) fail(codeForStatus(response.status), `PDF request failed with status ${response.status}`, { status: response.status });
  return pdfText(await response.arrayBuffer());
}

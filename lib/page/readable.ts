import { Readability, isProbablyReaderable } from '@mozilla/readability';
import { MAX_READ_CHARS, type PageText } from './page-content';
import { visibleText } from './visible-text';

/** Below this, Readability has likely picked a fragment (a cookie banner, a caption) rather than the article. */
const MIN_ARTICLE_CHARS = 200;

/**
 * The readable text of a document: the article Readability finds, or the
 * visible text when the page is not an article (an app, a search result).
 * Readability rewrites the tree it is given, so it works on a clone.
 */
export function readablePage(doc: Document, limit = MAX_READ_CHARS): PageText {
  const url = doc.location?.href ?? doc.URL;
  const fallbackTitle = doc.title.trim();
  if (isProbablyReaderable(doc)) {
    const clone = doc.cloneNode(true) as Document;
    const article = new Readability<Node>(clone, { serializer: (node) => node }).parse();
    const text = article?.content ? visibleText(article.content, limit) : '';
    if (text.length >= MIN_ARTICLE_CHARS) {
      return { title: article?.title?.trim() || fallbackTitle, url, text, source: 'article' };
    }
  }
  return { title: fallbackTitle, url, text: doc.body ? visibleText(doc.body, limit) : '', source: 'visible' };
}

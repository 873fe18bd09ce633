import { Lexer, Marked, type Token, type TokensList } from 'marked';
import { escapeHtml, escapeText } from './escape-html';
import { mathExtensions } from './math-extension';
import { safeImageSrc, safeLinkHref } from './safe-url';

/**
 * A private marked instance (the global one may be configured by others).
 * Its HTML is an intermediate form: DOMPurify checks it and to-react.tsx
 * turns it into elements, so the renderer emits `data-md-*` placeholders for
 * the parts that become components (code blocks, math, images).
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  extensions: mathExtensions,
  renderer: {
    // Raw HTML from the model is shown as the source text it is, never parsed.
    html({ text, block }) {
      return block ? `<p data-md-raw="">${escapeHtml(text.replace(/\n+$/, ''))}</p>\n` : escapeHtml(text);
    },
    // marked leaves text between inline <script>/<pre> tags unescaped; escape it like any other text.
    text(token) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return escapeText(token.text);
    },
    code({ text, lang }) {
      const language = lang?.match(/^\S*/)?.[0] ?? '';
      return `<pre data-md-code="" data-lang="${escapeHtml(language)}"><code>${escapeHtml(text.replace(/\n+$/, ''))}</code></pre>\n`;
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeLinkHref(href);
      if (safe === null) return inner;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(safe)}"${titleAttr}>${inner}</a>`;
    },
    // Images are never emitted as <img>: a placeholder becomes a click-to-load button.
    image({ href, title, text }) {
      const safe = safeImageSrc(href);
      if (safe === null) return escapeText(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<span data-md-img="${escapeHtml(safe)}"${titleAttr}>${escapeText(text)}</span>`;
    },
  },
});

/**
 * Lexes one stretch of markdown. Block boundaries depend only on the text, so
 * the splitter can lex the still-growing tail on its own.
 */
export function lexMarkdown(src: string): TokensList {
  return new Lexer(marked.defaults).lex(src);
}

export function blockHtml(tokens: Token[]): string {
  return marked.parser(tokens);
}

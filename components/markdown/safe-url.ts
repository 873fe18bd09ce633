/**
 * Model output decides every URL we render, so only schemes that cannot run
 * code or smuggle content survive. Parsing with URL (not a regex) means
 * entity-decoded, tab-split or mixed-case schemes are judged the way the
 * browser would judge them.
 */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);

function allowed(href: string, schemes: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return schemes.has(url.protocol) ? url.href : null;
}

export function safeLinkHref(href: string): string | null {
  return allowed(href, LINK_SCHEMES);
}

export function safeImageSrc(src: string): string | null {
  return allowed(src, IMAGE_SCHEMES);
}

/**
 * Pages the browser never lets an extension script. Knowing them up front
 * gives the user a clear explanation instead of a failed injection; pages
 * not listed here may still refuse (a file:// page without file access), and
 * the caller treats that failure the same way.
 */
const OPEN_SCHEMES = new Set(['http:', 'https:', 'file:']);

const RESTRICTED_HOSTS = new Set([
  'chromewebstore.google.com',
  'microsoftedge.microsoft.com',
  'addons.mozilla.org',
  'accounts.firefox.com',
  'support.mozilla.org',
]);

export function isRestrictedUrl(url: string | undefined): boolean {
  if (!url) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (!OPEN_SCHEMES.has(parsed.protocol)) return true;
  if (RESTRICTED_HOSTS.has(parsed.hostname)) return true;
  return parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore');
}

/** A URL that names a PDF file; Chrome's viewer cannot be scripted, so the file is read directly. */
export function looksLikePdf(url: string): boolean {
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}

import { codeForStatus, fail } from '../core/errors';
import { fetchWithinOrigin } from '../transport/redirect-policy';
import type { FetchLike } from '../transport/secure-fetch';
import { isTooLarge, readLimited } from './gateway';
import type { ManifestIssue } from './manifest';
import { checkPluginUrl } from './url-rules';

/**
 * The document's text and the Content-Type it came with (which decides JSON or YAML), or, when it is over the limit, the
 * issue saying so (the user sees it like any other).
 */
export type FetchedDocument =
  { text: string; url: string; contentType: string | null; tooLarge?: undefined } | { tooLarge: ManifestIssue; url: string };

export interface DocumentOptions {
  fetch?: FetchLike;
  maxBytes: number;
  timeoutMs: number;
}

function assertEndpoint(url: string): void {
  const issue = checkPluginUrl(url, 'url', 'endpoint');
  if (issue) fail(issue.code === 'invalid-url' ? 'invalid-url' : 'insecure-url', issue.message);
}

/**
 * Fetches a manifest, OpenAPI document or index: GET without cookies, https (or loopback http),
 * redirects followed only within the origin asked for, cut off at maxBytes and
 * after timeoutMs.
 * Resolves with the text and the address it finally came from.
 */
export async function fetchPluginDocument(url: string, opts: DocumentOptions): Promise<FetchedDocument> {
  assertEndpoint(url);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    const response = await fetchWithinOrigin(opts.fetch ?? globalThis.fetch.bind(globalThis), url, {
      method: 'GET',
      headers: { accept: 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.8' },
      credentials: 'omit',
      signal,
    });
    const finalUrl = response.url || url;
    assertEndpoint(finalUrl);
    if (!response.ok) {
      await response.body?.cancel();
      fail(codeForStatus(response.status), `${finalUrl} answered ${response.status}`, { status: response.status });
    }
    try {
      const text = await readLimited(response, opts.maxBytes);
      return { text, url: finalUrl, contentType: response.headers.get('content-type') };
    } catch (e) {
      if (!isTooLarge(e)) throw e;
      const issue: ManifestIssue = {
        code: 'too-large',
        path: '',
        message: `${finalUrl} sends more than ${opts.maxBytes} bytes.`,
        limit: opts.maxBytes,
      };
      return { tooLarge: issue, url: finalUrl };
    }
  } catch (e) {
    if (signal.aborted) fail('timeout', `${url} did not answer within ${opts.timeoutMs} ms`);
    throw e;
  }
}

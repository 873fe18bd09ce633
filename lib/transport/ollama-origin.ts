/**
 * Ollama rejects requests whose Origin is an extension (403) unless the user
 * sets OLLAMA_ORIGINS. Origin is rewritten to the server's own origin, but only
 * for requests this extension itself makes (its own pages, no tab involved), so
 * web pages keep their real Origin: by a session rule in Chrome, and by a
 * blocking webRequest listener in Firefox, which has no header-rewriting rules.
 */
const FIRST_RULE_ID = 7000;
const MAX_RULES = 50;

/** The distinct http(s) origins of the configured servers, as many as there are rule ids for. */
function serverOrigins(baseUrls: readonly string[]): string[] {
  return [...new Set(baseUrls.flatMap((u) => safeOrigin(u)))].slice(0, MAX_RULES);
}

export function ollamaOriginRules(baseUrls: readonly string[], extensionId: string): chrome.declarativeNetRequest.Rule[] {
  return serverOrigins(baseUrls).map((origin, i) => ({
    id: FIRST_RULE_ID + i,
    priority: 1,
    action: {
      type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType,
      requestHeaders: [{ header: 'origin', operation: 'set' as chrome.declarativeNetRequest.HeaderOperation, value: origin }],
    },
    condition: {
      urlFilter: `|${origin}/`,
      initiatorDomains: [extensionId],
      tabIds: [-1],
      resourceTypes: ['xmlhttprequest' as chrome.declarativeNetRequest.ResourceType, 'other' as chrome.declarativeNetRequest.ResourceType],
    },
  }));
}

function safeOrigin(raw: string): string[] {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

interface HeaderDetails {
  url: string;
  tabId: number;
  /** Firefox: the document or worker that made the request. */
  originUrl?: string;
  requestHeaders?: { name: string; value?: string }[];
}

/** The part of Firefox's `webRequest` the rewrite uses. */
export interface FirefoxWebRequest {
  onBeforeSendHeaders: {
    addListener(listener: OriginRewrite, filter: { urls: string[] }, extra: string[]): void;
    removeListener(listener: OriginRewrite): void;
  };
}

type OriginRewrite = (details: HeaderDetails) => { requestHeaders?: HeaderDetails['requestHeaders'] };

/**
 * Rewrites Origin on our own requests to `origins` (to the target's own origin unless `originFor` says otherwise);
 * `extensionOrigin` is `moz-extension://<this install's id>`.
 */
export function firefoxOriginRewrite(
  origins: readonly string[],
  extensionOrigin: string,
  originFor: (target: string) => string = (target) => target,
): OriginRewrite {
  const targets = new Set(origins);
  return (details) => {
    const target = new URL(details.url).origin;
    if (details.tabId !== -1 || !targets.has(target) || !details.originUrl?.startsWith(`${extensionOrigin}/`)) return {};
    const value = originFor(target);
    return {
      requestHeaders: (details.requestHeaders ?? []).map((h) => (h.name.toLowerCase() === 'origin' ? { name: h.name, value } : h)),
    };
  };
}

let firefoxListener: OriginRewrite | undefined;

function syncFirefoxRewrite(webRequest: FirefoxWebRequest, origins: string[], extensionOrigin: string): void {
  if (firefoxListener) webRequest.onBeforeSendHeaders.removeListener(firefoxListener);
  firefoxListener = undefined;
  if (!origins.length) return;
  firefoxListener = firefoxOriginRewrite(origins, extensionOrigin);
  // Match patterns cannot name a port: the listener itself keeps to the exact origins.
  const urls = [...new Set(origins.map((o) => `${new URL(o).protocol}//${new URL(o).hostname}/*`))];
  webRequest.onBeforeSendHeaders.addListener(firefoxListener, { urls }, ['blocking', 'requestHeaders']);
}

export async function syncOllamaOriginRules(baseUrls: readonly string[]): Promise<void> {
  const dnr = globalThis.chrome?.declarativeNetRequest;
  const firefox = (globalThis as { browser?: { webRequest?: FirefoxWebRequest; runtime: { getURL(path: string): string } } }).browser;
  if (!dnr?.updateSessionRules && firefox?.webRequest) {
    syncFirefoxRewrite(firefox.webRequest, serverOrigins(baseUrls), new URL(firefox.runtime.getURL('/')).origin);
    return;
  }
  if (!dnr?.updateSessionRules) return;
  const existing = await dnr.getSessionRules();
  const ours = existing.filter((r) => r.id >= FIRST_RULE_ID && r.id < FIRST_RULE_ID + MAX_RULES).map((r) => r.id);
  await dnr.updateSessionRules({ removeRuleIds: ours, addRules: ollamaOriginRules(baseUrls, chrome.runtime.id) });
}

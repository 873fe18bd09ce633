/**
 * Ollama rejects requests whose Origin is an extension (403) unless the user
 * sets OLLAMA_ORIGINS. A session rule rewrites Origin to the server's own
 * origin, but only for requests this extension itself makes (initiator is our
 * id, and no tab is involved), so web pages keep their real Origin.
 */
const FIRST_RULE_ID = 7000;
const MAX_RULES = 50;

export function ollamaOriginRules(baseUrls: readonly string[], extensionId: string): chrome.declarativeNetRequest.Rule[] {
  const origins = [...new Set(baseUrls.flatMap((u) => safeOrigin(u)))].slice(0, MAX_RULES);
  return origins.map((origin, i) => ({
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

export async function syncOllamaOriginRules(baseUrls: readonly string[]): Promise<void> {
  const dnr = globalThis.chrome?.declarativeNetRequest;
  if (!dnr?.updateSessionRules) return;
  const existing = await dnr.getSessionRules();
  const ours = existing.filter((r) => r.id >= FIRST_RULE_ID && r.id < FIRST_RULE_ID + MAX_RULES).map((r) => r.id);
  await dnr.updateSessionRules({ removeRuleIds: ours, addRules: ollamaOriginRules(baseUrls, chrome.runtime.id) });
}

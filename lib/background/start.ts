import { settleOrphans } from '../chat/panel-port';
import { serveRequests } from '../messaging/server';
import { captureRequestHandlers, startCapture } from './capture';
import { createStreams, serveChatPorts } from './chat-ports';
import { pageRequestHandlers, startPageJourneys } from './page-journeys';
import { combineToolRuntimes } from '../core/tool-runtime';
import { mcpHandlers, mcpToolRuntime } from './mcp-handlers';
import { pluginHandlers, pluginToolRuntime } from './plugin-handlers';
import { providerHandlers, syncOriginRules } from './provider-handlers';
import { readAloudHandlers, startReadAloud } from './read-aloud';
import { speechHandlers, startSpeech } from './speech-handlers';
import { toolConsent, toolConsentHandlers } from './tool-consent-handlers';

/**
 * Wires the background's modules to the browser; nothing runs until WXT calls this.
 * Every listener is added synchronously, so the events that wake the worker find them.
 */
export function startBackground(): void {
  // Firefox opens its sidebar itself; the build-time check keeps the Chrome call out of its bundle.
  if (!import.meta.env.FIREFOX) chrome.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

  const streams = createStreams(combineToolRuntimes(pluginToolRuntime, mcpToolRuntime), toolConsent);

  // Rules and interrupted answers are settled before any request is served; a worker that just started runs no answer yet.
  const ready = Promise.all([syncOriginRules(), settleOrphans([])]).catch(() => undefined);

  startReadAloud();
  startSpeech();
  startPageJourneys();
  startCapture();

  serveRequests({
    ...pageRequestHandlers,
    ...captureRequestHandlers,
    ...pluginHandlers,
    ...mcpHandlers,
    ...toolConsentHandlers,
    ...readAloudHandlers,
    ...speechHandlers,
    ...providerHandlers(ready),
  });
  serveChatPorts(streams, ready);
}

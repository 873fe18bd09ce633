import { browser } from 'wxt/browser';
import { broadcast } from '../messaging/events';
import type { McpRequests } from '../messaging/mcp-protocol';
import type { RequestHandlers } from '../messaging/server';
import { createMcpService } from '../mcp/mcp-service';
import { assertCredentialUrl } from '../transport/url-policy';

const announce = () => void broadcast({ type: 'mcp.changed' }).catch(() => undefined);
// Firefox and Chrome both offer identity.launchWebAuthFlow; read when a server that signs in is used.
const service = createMcpService({ announce, identity: () => browser.identity });

/** Runs the tools of the MCP servers enabled in a conversation; combined with the plugins' for the StreamRegistry. */
export const mcpToolRuntime = service.runtime;

/** Runs a change, then tells every open page, so lists re-read. */
async function changing<T>(change: Promise<T>): Promise<T> {
  const value = await change;
  announce();
  return value;
}

/** Requests the panel makes about MCP servers; spread into serveRequests. */
export const mcpHandlers: Pick<RequestHandlers, keyof McpRequests> = {
  'mcp.list': () => service.list(),
  'mcp.preview': async ({ url }) => {
    const parsed = assertCredentialUrl(url.trim());
    return { url: parsed.href, origin: parsed.origin };
  },
  'mcp.add': (req) => changing(service.add(req)),
  'mcp.update': ({ id, ...req }) => changing(service.update(id, req)),
  'mcp.refresh': ({ id }) => changing(service.refresh(id)),
  'mcp.setEnabled': ({ id, enabled }) => changing(service.setEnabled(id, enabled)),
  'mcp.setDisabledTools': ({ id, names }) => changing(service.setDisabledTools(id, names)),
  'mcp.signIn': ({ id, authOrigin }) => changing(service.signIn(id, authOrigin)),
  'mcp.signOut': ({ id }) => changing(service.signOut(id)),
  'mcp.setApproval': ({ id, approval }) => changing(service.setApproval(id, approval)),
  'mcp.remove': async ({ id }) => {
    await changing(service.remove(id));
    return null;
  },
  'mcp.restore': ({ id }) => changing(service.restore(id)),
};

import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STUB = fileURLToPath(new URL('./stubs/mcp-ajv-provider.ts', import.meta.url));

/**
 * Resolves the MCP SDK's own import of its ajv validator to a stand-in that holds no ajv: the SDK builds that
 * validator only when a client is given none, and Parley always gives one (see the stand-in for why).
 */
export function mcpWithoutAjv(): Plugin {
  return {
    name: 'parley:mcp-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.endsWith('/validation/ajv-provider.js') && importer?.includes('@modelcontextprotocol/sdk')) return STUB;
      return undefined;
    },
  };
}

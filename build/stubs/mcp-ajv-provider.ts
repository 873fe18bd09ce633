import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

/**
 * Stands in for the MCP SDK's ajv validator in the built extension (build/mcp-without-ajv.ts). Ajv compiles schemas
 * with `new Function`, which MV3's content security policy forbids, so Parley gives every client the cfworker
 * validator (lib/mcp/connect.ts) and the SDK's default is never built; without this stand-in the worker would still
 * load and evaluate all of ajv at each start.
 */
export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator(): never {
    throw new Error("The MCP SDK's ajv validator cannot run in an extension; pass CfWorkerJsonSchemaValidator.");
  }
}

/**
 * Imported first by every module that loads the MCP SDK. The SDK's message schemas are zod objects, and zod, as it
 * builds the first one, probes `new Function` for a compiled fast path: under the extension's CSP that probe is
 * reported as a violation in the worker even though zod catches the error. Switched off before any schema is built,
 * zod parses by interpretation, which is fast enough for MCP's messages.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

import type { ToolCall, ToolDefinition } from './chat';
import type { Conversation } from './conversation';
import type { ChatErrorCode } from './errors';
import type { ToolPermit } from './tool-consent';

const SHOWN_IMAGE_TYPE = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;

/** Whether a tool's image may be shown as an <img>: image types only, so no other content is ever rendered from one. */
export function isShownImageType(mimeType: string): boolean {
  return SHOWN_IMAGE_TYPE.test(mimeType);
}

/** An image a tool returned, shown with its step; base64 without the data: prefix. */
export interface ToolImage {
  mimeType: string;
  data: string;
}

export interface ToolOutcome {
  result: string;
  /** Plugin identifier, shown with the step. */
  plugin?: string;
  isError?: boolean;
  /** Why it failed, for the panel to word in the user's language (MCP servers' failures). */
  code?: ChatErrorCode;
  images?: ToolImage[];
}

/** What the stream loop needs from whoever provides tools (built-in page tools, plugins, MCP servers). */
export interface ToolRuntime {
  definitions(conversation: Conversation): Promise<{ tools: ToolDefinition[]; systemRole?: string }>;
  /** `permit` is asked before anything leaves the browser; a call it refuses is not sent and tells the model so. */
  execute(conversation: Conversation, call: ToolCall, signal: AbortSignal, permit: ToolPermit): Promise<ToolOutcome>;
}

/**
 * Several tool sources as one: their tools side by side (the first to offer a name keeps it) and their system
 * roles joined; a call goes to the source that offers its name in the conversation.
 */
export function combineToolRuntimes(...runtimes: ToolRuntime[]): ToolRuntime {
  return {
    async definitions(conversation) {
      const sets = await Promise.all(runtimes.map((runtime) => runtime.definitions(conversation)));
      const taken = new Set<string>();
      const tools = sets.flatMap((set) => set.tools.filter((tool) => !taken.has(tool.name) && taken.add(tool.name)));
      const roles = sets.map((set) => set.systemRole).filter(Boolean);
      return { tools, ...(roles.length ? { systemRole: roles.join('\n\n') } : {}) };
    },
    async execute(conversation, call, signal, permit) {
      for (const runtime of runtimes.slice(0, -1)) {
        const { tools } = await runtime.definitions(conversation);
        if (tools.some((tool) => tool.name === call.name)) return runtime.execute(conversation, call, signal, permit);
      }
      // The last source answers everything else, an unknown name included, in its own words.
      return runtimes[runtimes.length - 1]!.execute(conversation, call, signal, permit);
    },
  };
}

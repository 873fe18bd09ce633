/**
 * The user's say over the tool calls the model makes on its own, for every tool source alike (a plugin, an MCP
 * server, whatever comes next). A source set to ask holds its calls until the user answers; an "allow" covers only
 * the first calls of later answers in the conversation, never a call made after a tool result, which may be a
 * result's injected instruction speaking. Even calls that run automatically pause after a few in a row. Waiting calls
 * live here, so a panel opened late still finds and answers them.
 */
import type { Conversation } from './conversation';
import { fail } from './errors';
import type { ToolApprovalMode } from './plugins';

export type ToolDecision = 'allow' | 'always' | 'deny';

/** What a tool source asks before a call leaves the browser: what would be sent where. */
export interface ToolCallRequest {
  /** The model's tool call id, which names the step it belongs to. */
  callId: string;
  /** The source the user's setting is for, as a conversation lists it: a plugin identifier or `mcp:<server id>`. */
  source: string;
  /** The source's own name (an MCP server's); the panel titles plugins in the user's language itself. */
  sourceName: string;
  tool: string;
  /** Where the call would send the arguments (or where its UI loads from). */
  origin?: string;
  /** The validated arguments, as pretty JSON. */
  arguments: string;
  /** The source's setting when the call was made. */
  mode: ToolApprovalMode;
}

/**
 * Why a call waits: its source asks; it follows a tool result in the same answer (an earlier "allow" does not
 * cover it); or it would be one too many calls in a row without a click, whatever the source's setting.
 */
export type ConsentReason = 'ask' | 'chained' | 'run-limit';

/** A call waiting for the user, as the panel shows it. */
export interface PendingToolCall extends ToolCallRequest {
  id: string;
  conversationId: string;
  reason: ConsentReason;
}

/** Asked by a tool source before each call it would send out: resolves true when the call may go. */
export type ToolPermit = (request: ToolCallRequest) => Promise<boolean>;

/** What a denied call tells the model, so it can carry on without the tool. */
export const DECLINED_RESULT = 'The user declined this tool call. Do not call it again unless the user asks; answer without it.';

/** Calls in one answer that may run without a click before the next one asks: enough for a lookup, too few to loop. */
export const MAX_UNATTENDED_CALLS = 3;

export interface ConsentDeps {
  /** Switches the source to run automatically from now on. */
  alwaysAllow(source: string): Promise<void>;
  /** Remembers that the user allowed the source in this conversation. */
  allowInConversation(conversationId: string, source: string): Promise<void>;
  /** The set of waiting calls changed. */
  announce(): void;
  newId?: () => string;
}

interface Waiting {
  call: PendingToolCall;
  settle(decision: ToolDecision): void;
}

export function createConsentGate(deps: ConsentDeps) {
  const waiting = new Map<string, Waiting>();
  /** Allowed during this worker's life, besides what the conversation record already says. */
  const allowed = new Map<string, Set<string>>();
  const newId = deps.newId ?? (() => crypto.randomUUID());

  const isAllowed = (conversation: Conversation, source: string) =>
    Boolean(conversation.allowedPlugins?.includes(source) || allowed.get(conversation.id)?.has(source));

  function remember(conversationId: string, source: string) {
    const set = allowed.get(conversationId) ?? new Set<string>();
    set.add(source);
    allowed.set(conversationId, set);
  }

  function waitFor(call: PendingToolCall, signal: AbortSignal): Promise<ToolDecision> {
    return new Promise<ToolDecision>((resolve, reject) => {
      const onAbort = () => {
        waiting.delete(call.id);
        deps.announce();
        reject(signal.reason ?? new DOMException('Stopped while waiting for the user', 'AbortError'));
      };
      waiting.set(call.id, {
        call,
        settle(decision) {
          signal.removeEventListener('abort', onAbort);
          waiting.delete(call.id);
          deps.announce();
          resolve(decision);
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      deps.announce();
    });
  }

  return {
    /** Calls waiting for the user, oldest first. */
    pending(): PendingToolCall[] {
      return [...waiting.values()].map((w) => w.call);
    },

    /** The user's answer to a waiting call; fails when it is no longer waiting (answered elsewhere, or stopped). */
    decide(id: string, decision: ToolDecision): void {
      const entry = waiting.get(id);
      if (!entry) fail('not-found', 'This tool call is no longer waiting for an answer.');
      entry.settle(decision);
    },

    /**
     * The permits of one answer being written. `chained` marks a call made after a tool result in that answer.
     * Rejects when the answer is stopped while a call waits.
     */
    turn(conversation: Conversation, signal: AbortSignal) {
      let unattended = 0;
      return async (request: ToolCallRequest, chained: boolean): Promise<boolean> => {
        const covered = request.mode === 'auto' || (!chained && isAllowed(conversation, request.source));
        const reason: ConsentReason | undefined = !covered
          ? chained
            ? 'chained'
            : 'ask'
          : unattended >= MAX_UNATTENDED_CALLS
            ? 'run-limit'
            : undefined;
        if (!reason) {
          unattended++;
          return true;
        }
        signal.throwIfAborted();
        const decision = await waitFor({ ...request, id: newId(), conversationId: conversation.id, reason }, signal);
        if (decision === 'deny') return false;
        unattended = 0;
        if (reason === 'run-limit') return true;
        remember(conversation.id, request.source);
        // Persisting is a convenience: the call runs even if the write fails.
        await deps.allowInConversation(conversation.id, request.source).catch(() => undefined);
        if (decision === 'always') await deps.alwaysAllow(request.source).catch(() => undefined);
        return true;
      };
    },
  };
}

export type ConsentGate = ReturnType<typeof createConsentGate>;

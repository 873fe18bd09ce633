/**
 * The user's say over plugin calls the model makes on its own. A plugin set to
 * ask is held until the user allows it once in a conversation (later calls in
 * that conversation then run), allows it always, or denies the call. Waiting
 * calls live here, so a panel opened late still finds and answers them.
 */
import type { Conversation } from '../core/conversation';
import { fail } from '../core/errors';
import type { ToolApprovalMode } from '../core/plugins';

export type ToolDecision = 'allow' | 'always' | 'deny';

/** A plugin call waiting for the user, as the panel shows it. */
export interface PendingToolCall {
  id: string;
  conversationId: string;
  /** The model's tool call id, which names the step it belongs to. */
  callId: string;
  plugin: string;
  apiName: string;
  /** Where the call would send the arguments (or where its UI loads from). */
  origin?: string;
  /** The validated arguments, as pretty JSON. */
  arguments: string;
}

/** What a denied call tells the model, so it can carry on without the plugin. */
export const DECLINED_RESULT = 'The user declined this plugin call. Do not call it again unless the user asks; answer without it.';

export interface ConsentDeps {
  /** Switches the plugin to run automatically from now on. */
  alwaysAllow(identifier: string): Promise<void>;
  /** Remembers that the user allowed the plugin for the rest of this conversation. */
  allowInConversation(conversationId: string, identifier: string): Promise<void>;
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

  const isAllowed = (conversation: Conversation, identifier: string) =>
    Boolean(conversation.allowedPlugins?.includes(identifier) || allowed.get(conversation.id)?.has(identifier));

  function remember(conversationId: string, identifier: string) {
    const set = allowed.get(conversationId) ?? new Set<string>();
    set.add(identifier);
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
      if (!entry) fail('not-found', 'This plugin call is no longer waiting for an answer.');
      entry.settle(decision);
    },

    /**
     * Resolves true when the call may run: at once for a plugin set to run
     * automatically or already allowed in this conversation, otherwise once
     * the user allows it. Rejects when the answer is stopped while waiting.
     */
    async permit(
      conversation: Conversation,
      mode: ToolApprovalMode,
      call: Omit<PendingToolCall, 'id' | 'conversationId'>,
      signal: AbortSignal,
    ): Promise<boolean> {
      if (mode === 'auto' || isAllowed(conversation, call.plugin)) return true;
      signal.throwIfAborted();
      const decision = await waitFor({ ...call, id: newId(), conversationId: conversation.id }, signal);
      if (decision === 'deny') return false;
      remember(conversation.id, call.plugin);
      // Persisting is a convenience: the call runs even if the write fails.
      await deps.allowInConversation(conversation.id, call.plugin).catch(() => undefined);
      if (decision === 'always') await deps.alwaysAllow(call.plugin).catch(() => undefined);
      return true;
    },
  };
}

export type ConsentGate = ReturnType<typeof createConsentGate>;

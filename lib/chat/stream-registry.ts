import type { ChatMessage, ToolCall, Usage } from '../core/chat';
import type { Conversation, MessageStatus, StoredMessage, ToolStep } from '../core/conversation';
import { ChatFailure, chatError, toChatError, type ChatError } from '../core/errors';
import type { ModelRef } from '../core/providers';
import type { BackgroundToPanel } from './port-messages';
import type { ProviderAdapter, ProviderContext } from '../providers/types';
import { DEFAULT_PREFS } from '../storage/prefs';
import { assertToolLimit, buildChatRequest } from './build-request';
import { guardStream } from './stream-guard';
import type { ConsentGate, ToolCallRequest } from '../core/tool-consent';
import type { ToolImage, ToolRuntime } from '../core/tool-runtime';
import { asToolData } from './tool-data';
import type { ImagePart } from '../core/images';
import { imagesForModel, toolImagesTurn } from './turn-images';

export interface Turn {
  conversation: Conversation;
  /** Messages before the answer being written. */
  history: StoredMessage[];
  answer: StoredMessage;
  /** The history's attached images by id, as they are sent. */
  images?: ReadonlyMap<string, ImagePart>;
}

export interface StreamDeps {
  loadTurn(conversationId: string, messageId: string): Promise<Turn>;
  resolve(ref: ModelRef): Promise<{ adapter: ProviderAdapter; context: Omit<ProviderContext, 'signal'> }>;
  patchMessage(id: string, patch: Partial<StoredMessage>): Promise<void>;
  /** Keeps the service worker alive; returns the release function. */
  keepAlive(): () => void;
  tools?: ToolRuntime;
  /** The user's say over tool calls; without it, no call that would leave the browser is sent. */
  consent?: ConsentGate;
  checkpointMs?: number;
  now?: () => number;
  /** Removes every stored secret from an error before it is stored or sent (a provider may echo the key). */
  redact?: (error: ChatError) => Promise<ChatError>;
  /** How long a provider may stay silent before its answer is given up (the streamIdleTimeoutMs pref). */
  idleTimeoutMs?: () => Promise<number>;
}

export interface Watcher {
  send(message: BackgroundToPanel): void;
}

/** A model may chain tool calls; past this many rounds it is looping. */
const MAX_TOOL_ROUNDS = 8;

interface Active {
  conversationId: string;
  messageId: string;
  content: string;
  steps: ToolStep[];
  controller: AbortController;
  watchers: Set<Watcher>;
  done: Promise<void>;
  /** Writes the answer so far now, whatever the checkpoint interval; resolves once stored. */
  flush(): Promise<void>;
}

/**
 * Runs every answer being streamed, independent of any panel: panels come and
 * go as watchers, while the registry checkpoints the partial answer so neither
 * a closed panel nor a restarted worker loses what already arrived.
 */
export class StreamRegistry {
  private readonly active = new Map<string, Active>();

  constructor(private readonly deps: StreamDeps) {}

  activeMessageIds(): string[] {
    return [...this.active.values()].map((a) => a.messageId);
  }

  isActive(conversationId: string): boolean {
    return this.active.has(conversationId);
  }

  /**
   * Starts answering into `messageId`, unless an answer is already being
   * written for the conversation: that one is never aborted behind its
   * reader's back, and the panel asking is told it is busy instead.
   */
  start(conversationId: string, messageId: string, watcher?: Watcher): Promise<void> {
    if (this.active.has(conversationId)) {
      watcher?.send({ type: 'busy', conversationId, messageId });
      return Promise.resolve();
    }
    const run: Active = {
      conversationId,
      messageId,
      content: '',
      steps: [],
      controller: new AbortController(),
      watchers: new Set(watcher ? [watcher] : []),
      done: Promise.resolve(),
      flush: () => Promise.resolve(),
    };
    this.active.set(conversationId, run);
    run.done = this.run(run);
    return run.done;
  }

  /** False when nothing is running for the conversation. */
  stop(conversationId: string): boolean {
    const run = this.active.get(conversationId);
    run?.controller.abort();
    return !!run;
  }

  /** Stores every running answer's text so far, e.g. when the last panel goes or the worker is about to be suspended. */
  async flush(): Promise<void> {
    await Promise.all([...this.active.values()].map((run) => run.flush()));
  }

  /** Sends the answer so far, then live deltas. False when nothing is running for it. */
  watch(conversationId: string, watcher: Watcher): boolean {
    const run = this.active.get(conversationId);
    if (!run) return false;
    run.watchers.add(watcher);
    watcher.send({ type: 'snapshot', conversationId, messageId: run.messageId, content: run.content });
    return true;
  }

  detach(watcher: Watcher): void {
    for (const run of this.active.values()) run.watchers.delete(watcher);
  }

  private broadcast(run: Active, message: BackgroundToPanel): void {
    for (const w of run.watchers) {
      try {
        w.send(message);
      } catch {
        // A panel that closed mid-send is simply gone; the answer goes on.
        run.watchers.delete(w);
      }
    }
  }

  private async run(run: Active): Promise<void> {
    const release = this.deps.keepAlive();
    const now = this.deps.now ?? Date.now;
    let lastCheckpoint = 0;
    let pending: Promise<void> = Promise.resolve();
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const checkpoint = (force = false) => {
      const t = now();
      const wait = (this.deps.checkpointMs ?? 250) - (t - lastCheckpoint);
      if (!force && wait > 0) {
        // Text that arrives just before a pause (a stalled provider, a slow tool) is stored one interval later, not
        // at the next delta: a worker stopped during the pause would otherwise lose text the panel already showed.
        trailing ??= setTimeout(() => {
          trailing = undefined;
          checkpoint(true);
        }, wait);
        return;
      }
      clearTimeout(trailing);
      trailing = undefined;
      lastCheckpoint = t;
      const patch = { content: run.content, steps: [...run.steps] };
      pending = pending.then(() => this.deps.patchMessage(run.messageId, patch)).catch(() => undefined);
    };
    run.flush = () => {
      checkpoint(true);
      return pending;
    };

    let error: ChatError | undefined;
    let usage: Usage | undefined;
    // Re-asserted because a worker that just woke may have marked it interrupted.
    pending = this.deps.patchMessage(run.messageId, { status: 'streaming', error: undefined }).catch(() => undefined);
    try {
      const turn = await this.deps.loadTurn(run.conversationId, run.messageId);
      const ref = turn.answer.model ?? turn.conversation.model;
      if (!ref) throw new ChatFailure(chatError('model-not-found', 'No model chosen for this conversation'));
      const { adapter, context } = await this.deps.resolve(ref);
      const toolSet = this.deps.tools ? await this.deps.tools.definitions(turn.conversation) : undefined;
      const tools = toolSet?.tools.length && adapter.supportsTools?.(ref.model) !== false ? toolSet.tools : undefined;
      assertToolLimit(tools, adapter.maxTools);
      const images = imagesForModel(turn.history, turn.images, context.config.kind, ref.model);
      const request = buildChatRequest(turn.conversation, turn.history, ref.model, tools, toolSet?.systemRole, images);
      const idleMs = (await this.deps.idleTimeoutMs?.()) ?? DEFAULT_PREFS.streamIdleTimeoutMs;
      const guard = { signal: run.controller.signal, idleMs, provider: ref.providerId };

      const permit = this.deps.consent?.turn(turn.conversation, run.controller.signal) ?? (async () => false);
      let round = 0;
      for (; round < MAX_TOOL_ROUNDS; round++) {
        const calls: ToolCall[] = [];
        let roundText = '';
        for await (const event of guardStream((signal) => adapter.chat({ ...context, signal }, request), guard)) {
          if (event.type === 'text-delta') {
            run.content += event.text;
            roundText += event.text;
            this.broadcast(run, { type: 'delta', conversationId: run.conversationId, messageId: run.messageId, text: event.text });
            checkpoint();
          } else if (event.type === 'finish') {
            this.broadcast(run, { type: 'text-done', conversationId: run.conversationId, messageId: run.messageId });
          } else if (event.type === 'tool-call') calls.push(event.call);
          else if (event.type === 'usage') usage = addUsage(usage, event.usage);
          else if (event.type === 'error') error = event.error;
        }
        if (error || !calls.length || !this.deps.tools || run.controller.signal.aborted) break;
        // A call after a tool result may be that result's injected instruction speaking: it asks again.
        const chained = round > 0;
        const ask = (request: ToolCallRequest) => permit(request, chained);
        const { replies, images: toolImages } = await this.runTools(run, turn.conversation, calls, roundText, ask, checkpoint);
        const seen = toolImagesTurn(toolImages, context.config.kind, ref.model);
        request.messages.push(...replies, ...(seen ? [seen] : []));
      }
      // Every round asked for more tools: the model is looping, and its answer is not finished.
      if (round === MAX_TOOL_ROUNDS && !error && !run.controller.signal.aborted) {
        error = chatError('tool-rounds', `Stopped after ${MAX_TOOL_ROUNDS} rounds of tool calls.`, { rounds: MAX_TOOL_ROUNDS });
      }
      if (!error && run.controller.signal.aborted) error = chatError('aborted', 'Stopped by the user');
    } catch (e) {
      error = toChatError(e);
    } finally {
      release();
    }

    // Once text has arrived, a network failure is the connection dropping, not the provider being unreachable.
    if (error?.code === 'network' && (run.content || run.steps.length)) error = { ...error, code: 'connection-dropped' };
    if (error && this.deps.redact)
      error = await this.deps.redact(error).catch(() => chatError(error!.code, '', { provider: error!.provider }));
    const status: MessageStatus = !error ? 'complete' : run.content || run.steps.length ? 'incomplete' : 'error';
    checkpoint(true);
    await pending;
    await this.deps.patchMessage(run.messageId, { content: run.content, steps: run.steps, status, error, usage }).catch(() => undefined);
    if (this.active.get(run.conversationId) === run) this.active.delete(run.conversationId);
    this.broadcast(run, { type: 'ended', conversationId: run.conversationId, messageId: run.messageId, status, error });
  }

  private async runTools(
    run: Active,
    conversation: Conversation,
    calls: ToolCall[],
    text: string,
    permit: (request: ToolCallRequest) => Promise<boolean>,
    checkpoint: (force?: boolean) => void,
  ): Promise<{ replies: ChatMessage[]; images: ToolImage[] }> {
    const tools = this.deps.tools!;
    const now = this.deps.now ?? Date.now;
    const replies: ChatMessage[] = [{ role: 'assistant', content: text, toolCalls: calls }];
    const images: ToolImage[] = [];
    for (const call of calls) {
      const step: ToolStep = { call, startedAt: now() };
      run.steps.push(step);
      this.broadcast(run, { type: 'steps-changed', conversationId: run.conversationId, messageId: run.messageId });
      let source = call.name;
      const ask = (request: ToolCallRequest) => {
        step.approval = request.mode;
        source = `${call.name} (from ${request.sourceName}${request.origin ? ` at ${request.origin}` : ''})`;
        return permit(request);
      };
      try {
        const outcome = await tools.execute(conversation, call, run.controller.signal, ask);
        step.plugin = outcome.plugin;
        if (outcome.isError) step.error = outcome.result;
        else step.result = outcome.result;
        if (outcome.code) step.errorCode = outcome.code;
        if (outcome.images?.length) {
          step.images = outcome.images;
          images.push(...outcome.images);
        }
        replies.push({ role: 'tool', toolCallId: call.id, name: call.name, content: asToolData(source, outcome.result) });
      } catch (e) {
        const err = toChatError(e);
        step.error = err.message;
        replies.push({ role: 'tool', toolCallId: call.id, name: call.name, content: asToolData(source, `Error: ${err.message}`) });
      }
      step.durationMs = now() - step.startedAt;
      checkpoint(true);
      this.broadcast(run, { type: 'steps-changed', conversationId: run.conversationId, messageId: run.messageId });
    }
    return { replies, images };
  }
}

function addUsage(a: Usage | undefined, b: Usage): Usage {
  return {
    inputTokens: (a?.inputTokens ?? 0) + (b.inputTokens ?? 0) || undefined,
    outputTokens: (a?.outputTokens ?? 0) + (b.outputTokens ?? 0) || undefined,
  };
}

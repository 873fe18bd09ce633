import { create } from 'zustand';
import type { ContextBlock, Conversation, StoredMessage } from '@/lib/core/conversation';
import type { GenerationParams } from '@/lib/core/chat';
import type { ModelRef } from '@/lib/core/providers';
import { connectChat, type ChatChannel } from '@/lib/messaging/client';
import type { BackgroundToPanel } from '@/lib/messaging/protocol';
import {
  createConversation,
  deleteMessagesAfter,
  getConversation,
  listMessages,
  patchMessage,
  putMessage,
  updateConversation,
} from '@/lib/storage/conversations';
import { setPref } from '@/lib/storage/prefs';
import { fitContext } from '@/lib/page/trim';

interface ChatState {
  conversation?: Conversation;
  messages: StoredMessage[];
  /** Text the user is composing: kept here so no view change loses it. */
  draft: string;
  pendingContext: ContextBlock[];
  /** The conversation this panel just created, as opposed to one it opened. */
  createdHere?: string;
  setDraft(text: string): void;
  open(conversationId: string | undefined): Promise<void>;
  newChat(): void;
  send(text: string, model: ModelRef | undefined): Promise<boolean>;
  stop(): void;
  regenerate(model: ModelRef | undefined): Promise<void>;
  editAndResend(messageId: string, text: string, model: ModelRef | undefined): Promise<void>;
  updateSettings(patch: { systemPrompt?: string; params?: GenerationParams }): Promise<void>;
  setModel(model: ModelRef): Promise<void>;
  reloadMessages(): Promise<void>;
}

const TITLE_LENGTH = 60;

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

let channel: ChatChannel | undefined;
/**
 * Settings are saved on blur, and two blurs can come faster than a write: they
 * queue, so the first can create the conversation the second then updates, and
 * a message sent right after waits for both.
 */
let settingsWrites: Promise<void> = Promise.resolve();
/** Deltas arrive per token; the view only needs them once per frame. */
let buffered = new Map<string, string>();
let frame = 0;

function flushDeltas() {
  frame = 0;
  const pending = buffered;
  buffered = new Map();
  useChatStore.setState((s) => ({
    messages: s.messages.map((m) => (pending.has(m.id) ? { ...m, content: m.content + pending.get(m.id) } : m)),
  }));
}

function scheduleFlush() {
  if (frame) return;
  frame =
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flushDeltas) : (setTimeout(flushDeltas, 16) as unknown as number);
}

async function onBackground(message: BackgroundToPanel) {
  const current = useChatStore.getState().conversation;
  if (!current || message.conversationId !== current.id) return;
  if (message.type === 'delta') {
    buffered.set(message.messageId, (buffered.get(message.messageId) ?? '') + message.text);
    scheduleFlush();
  } else if (message.type === 'snapshot') {
    buffered.delete(message.messageId);
    useChatStore.setState((s) => ({
      messages: s.messages.map((m) => (m.id === message.messageId ? { ...m, content: message.content } : m)),
    }));
  } else {
    if (frame) flushDeltas();
    await useChatStore.getState().reloadMessages();
  }
}

function chat(): ChatChannel {
  channel ??= connectChat(
    (m) => void onBackground(m),
    () => {
      // The worker restarted: whatever we were following must be looked up again.
      const { conversation, messages } = useChatStore.getState();
      if (conversation && messages.some((m) => m.status === 'streaming')) {
        chat().post({ type: 'watch', conversationId: conversation.id });
      }
    },
  );
  return channel;
}

async function startAnswer(conversation: Conversation, model: ModelRef | undefined) {
  const answer: StoredMessage = {
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    role: 'assistant',
    content: '',
    createdAt: Date.now(),
    status: 'streaming',
    model: model ?? conversation.model,
  };
  await putMessage(answer);
  useChatStore.setState((s) => ({ messages: [...s.messages, answer] }));
  chat().post({ type: 'start', conversationId: conversation.id, messageId: answer.id });
}

export const useChatStore = create<ChatState>((set, get) => ({
  messages: [],
  draft: '',
  pendingContext: [],
  setDraft: (draft) => set({ draft }),

  async open(conversationId) {
    const conversation = conversationId ? await getConversation(conversationId) : undefined;
    if (!conversation) {
      set({ conversation: undefined, messages: [] });
      return;
    }
    const messages = await listMessages(conversation.id);
    set({ conversation, messages });
    await setPref('lastConversationId', conversation.id);
    if (messages.some((m) => m.status === 'streaming')) chat().post({ type: 'watch', conversationId: conversation.id });
  },

  newChat() {
    set({ conversation: undefined, messages: [], pendingContext: [] });
    void setPref('lastConversationId', undefined);
  },

  async send(text, model) {
    await settingsWrites;
    const content = text.trim();
    const { pendingContext } = get();
    if (!content && !pendingContext.length) return false;
    let conversation = get().conversation;
    if (!conversation) {
      conversation = await createConversation({ title: titleFrom(content || pendingContext[0]?.title || ''), model });
      set({ conversation, messages: [], createdHere: conversation.id });
      await setPref('lastConversationId', conversation.id);
    } else {
      const patch = {
        ...(!conversation.title && !get().messages.length ? { title: titleFrom(content || pendingContext[0]?.title || '') } : {}),
        ...(model && (model.providerId !== conversation.model?.providerId || model.model !== conversation.model?.model) ? { model } : {}),
      };
      if (Object.keys(patch).length) {
        await updateConversation(conversation.id, patch);
        conversation = { ...conversation, ...patch };
        set({ conversation });
      }
    }
    const userMessage: StoredMessage = {
      id: crypto.randomUUID(),
      conversationId: conversation.id,
      role: 'user',
      content,
      createdAt: Date.now(),
      status: 'complete',
      // Long pages are cut to the context budget here, against the question they go with.
      ...(pendingContext.length ? { context: fitContext(pendingContext, content) } : {}),
    };
    await putMessage(userMessage);
    set((s) => ({ messages: [...s.messages, userMessage], draft: '', pendingContext: [] }));
    await startAnswer(conversation, model);
    return true;
  },

  stop() {
    const { conversation } = get();
    if (conversation) chat().post({ type: 'stop', conversationId: conversation.id });
  },

  async regenerate(model) {
    const { conversation, messages } = get();
    if (!conversation) return;
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    if (!lastUser) return;
    await deleteMessagesAfter(conversation.id, lastUser.id);
    set({ messages: messages.slice(0, messages.indexOf(lastUser) + 1) });
    await startAnswer(conversation, model);
  },

  async editAndResend(messageId, text, model) {
    const { conversation, messages } = get();
    const index = messages.findIndex((m) => m.id === messageId);
    if (!conversation || index < 0 || !text.trim()) return;
    const edited = { ...messages[index]!, content: text.trim() };
    await patchMessage(messageId, { content: edited.content });
    await deleteMessagesAfter(conversation.id, messageId);
    set({ messages: [...messages.slice(0, index), edited] });
    await startAnswer(conversation, model);
  },

  updateSettings(patch) {
    const write = settingsWrites.then(async () => {
      const { conversation } = get();
      // Settings chosen before the first message start the conversation they belong to.
      if (!conversation) {
        const created = await createConversation(patch);
        set({ conversation: created, createdHere: created.id });
        await setPref('lastConversationId', created.id);
        return;
      }
      await updateConversation(conversation.id, patch);
      set({ conversation: { ...conversation, ...patch } });
    });
    // A failed write must not block every later one.
    settingsWrites = write.catch(() => undefined);
    return write;
  },

  async setModel(model) {
    const { conversation } = get();
    if (!conversation) return;
    await updateConversation(conversation.id, { model });
    set({ conversation: { ...conversation, model } });
  },

  async reloadMessages() {
    const { conversation } = get();
    if (!conversation) return;
    const messages = await listMessages(conversation.id);
    if (get().conversation?.id === conversation.id) set({ messages });
  },
}));

import { create } from 'zustand';
import type { ContextBlock, Conversation, StoredMessage } from '../../lib/core/conversation';
import type { GenerationParams } from '../../lib/core/chat';
import type { ModelRef } from '../../lib/core/providers';
import { connectChat, type ChatChannel } from '../../lib/messaging/client';
import type { BackgroundToPanel } from '../../lib/messaging/protocol';
import {
  createConversation,
  deleteMessages,
  deleteMessagesAfter,
  getConversation,
  listLatestMessages,
  listMessages,
  patchMessage,
  putMessage,
  updateConversation,
} from '../../lib/storage/conversations';
import { inlineSelection } from '../../lib/page/ask-prompt';
import { getPref, setPref } from '../../lib/storage/prefs';
import { fillingScreen } from './first-screen';
import { storeImages, type NewImage } from '../../lib/storage/images';
import { useAttachments } from '../images/attachments-store';
import type { Persona } from '../../lib/core/prompts';
import { defaultPersona, personaConversation } from '../../lib/prompts/personas';

export interface ChatState {
  conversation?: Conversation;
  messages: StoredMessage[];
  /** Text the user is composing: kept here so no view change loses it. */
  draft: string;
  pendingContext: ContextBlock[];
  /** The conversation this panel just created, as opposed to one it opened. */
  createdHere?: string;
  /** Why the last send was held back: another window is answering in this conversation. */
  notice?: 'busy-elsewhere';
  /** The draft was sent before any model was ready: the composer sends it as soon as one is. */
  queued: boolean;
  /** The persona the next new chat starts with: null for none, undefined until chosen (the default one then). */
  personaChoice?: Persona | null;
  setPersonaChoice(persona: Persona | null): void;
  setDraft(text: string): void;
  /** Holds the draft for the model not chosen yet (an Enter typed while the models load), or lets it go again. */
  setQueued(queued: boolean): void;
  /** Shows a conversation and remembers it as the one the panel reopens, unless it is that one already (`remembered`). */
  open(conversationId: string | undefined, remembered?: boolean): Promise<void>;
  newChat(): void;
  /** Throws a ChatFailure 'storage-full' when `images` do not fit, leaving the draft as it was. */
  send(text: string, model: ModelRef | undefined, images?: NewImage[]): Promise<boolean>;
  stop(): void;
  regenerate(model: ModelRef | undefined): Promise<void>;
  editAndResend(messageId: string, text: string, model: ModelRef | undefined): Promise<void>;
  /** Removes one message; resolves to it (for an undo), or undefined when there was nothing to remove. */
  deleteMessage(messageId: string): Promise<StoredMessage | undefined>;
  /** Puts a deleted message back in its place. */
  restoreMessage(message: StoredMessage): Promise<void>;
  updateSettings(patch: { systemPrompt?: string; params?: GenerationParams }): Promise<void>;
  setModel(model: ModelRef): Promise<void>;
  reloadMessages(): Promise<void>;
}

const TITLE_LENGTH = 60;
/** A conversation's first read takes this many of its latest messages, more than a tall panel holds; the rest follow. */
const FIRST_SHOWN = 20;
/**
 * The earlier messages are read at the panel's first idle moment, once the latest have rendered: read at once, 2,000
 * of them were read and checked on the main thread while it rendered the latest. They come within this long even
 * on a panel that never idles, so a reader who goes up to the start (Home) soon after opening finds it there.
 */
const EARLIER_WAIT_MS = 150;

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

/** What the chosen persona (or, when none was chosen, the default one) sets on a chat it starts. */
async function personaInit(choice: Persona | null | undefined) {
  const persona = choice === undefined ? defaultPersona(await getPref('personas'), await getPref('defaultPersonaId')) : choice;
  return persona ? personaConversation(persona) : {};
}

let channel: ChatChannel | undefined;
/**
 * Settings are saved on blur, and two blurs can come faster than a write: they
 * queue, so the first can create the conversation the second then updates, and
 * a message sent right after waits for both.
 */
let settingsWrites: Promise<void> = Promise.resolve();
/** Sends the background has not accepted yet, by answer id: a refused one goes back to the composer. */
const unconfirmedSends = new Map<string, StoredMessage>();
/**
 * Deltas arrive per token, faster than the screen refreshes: the view takes
 * them at most once a frame. A delta after a quiet frame shows at once, in
 * the task it arrived in, rather than waiting for the next animation frame;
 * and the worker's `text-done` shows what is held at once, so the last words
 * of an answer are painted in the frame they arrive.
 */
const FRAME_MS = 16;
let buffered = new Map<string, string>();
/**
 * What this panel was shown of each answer it followed. A worker stopped mid-answer stores only what it had
 * checkpointed, while this panel may have received more: however the settled answer is read back (the worker's
 * "ended", a reopen, a reload after another change), what reached the user is kept, on screen and in storage.
 */
const received = new Map<string, string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let lastFlushAt = -Infinity;

function flushDeltas() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  lastFlushAt = performance.now();
  const pending = buffered;
  buffered = new Map();
  useChatStore.setState((s) => ({ messages: s.messages.map((m) => (pending.has(m.id) ? shown(m, m.content + pending.get(m.id)) : m)) }));
}

function shown(message: StoredMessage, content: string): StoredMessage {
  received.set(message.id, content);
  return { ...message, content };
}

/** The conversation's messages as stored, each settled answer with at least the text this panel was shown of it. */
async function storedMessages(conversationId: string): Promise<StoredMessage[]> {
  return keepShown(await listMessages(conversationId));
}

/** Stored messages, each settled answer with at least the text this panel was shown of it. */
async function keepShown(stored: StoredMessage[]): Promise<StoredMessage[]> {
  return Promise.all(
    stored.map(async (m) => {
      const text = received.get(m.id);
      if (text === undefined || m.status === 'streaming') return m;
      // Forgotten only once storage holds it all: a read racing the write below still finds it here.
      if (text.length <= m.content.length || !text.startsWith(m.content)) {
        received.delete(m.id);
        return m;
      }
      await patchMessage(m.id, { content: text });
      return { ...m, content: text };
    }),
  );
}

/**
 * A conversation opens with its latest messages, found from its end; the rest follow here.
 * What the panel holds of the latest ones stays as it is (an answer may have grown, or a message been
 * sent, since they were read): only what comes before them is added.
 */
async function showEarlier(conversationId: string) {
  const all = await storedMessages(conversationId).catch(() => undefined);
  if (!all) return;
  useChatStore.setState((s) => {
    if (s.conversation?.id !== conversationId) return {};
    const held = new Set(s.messages.map((m) => m.id));
    const firstHeld = all.findIndex((m) => held.has(m.id));
    if (firstHeld <= 0) return {};
    return { messages: [...all.slice(0, firstHeld), ...s.messages] };
  });
}

function scheduleFlush() {
  if (flushTimer !== undefined) return;
  const wait = lastFlushAt + FRAME_MS - performance.now();
  if (wait <= 0) flushDeltas();
  else flushTimer = setTimeout(flushDeltas, wait);
}

async function onBackground(message: BackgroundToPanel) {
  if (message.type === 'busy') return refused(message.conversationId, message.messageId);
  unconfirmedSends.delete(message.messageId);
  const current = useChatStore.getState().conversation;
  if (!current || message.conversationId !== current.id) return;
  if (message.type === 'delta') {
    buffered.set(message.messageId, (buffered.get(message.messageId) ?? '') + message.text);
    scheduleFlush();
  } else if (message.type === 'text-done') {
    if (buffered.size) flushDeltas();
  } else if (message.type === 'snapshot') {
    buffered.delete(message.messageId);
    useChatStore.setState((s) => ({ messages: s.messages.map((m) => (m.id === message.messageId ? shown(m, message.content) : m)) }));
  } else {
    if (buffered.size) flushDeltas();
    await useChatStore.getState().reloadMessages();
  }
}

/**
 * Another window started an answer in this conversation first (this view was
 * stale): what was sent goes back where it came from, and the panel follows
 * the running answer instead.
 */
async function refused(conversationId: string, answerId: string) {
  const userMessage = unconfirmedSends.get(answerId);
  unconfirmedSends.delete(answerId);
  await deleteMessages(conversationId, userMessage ? [answerId, userMessage.id] : [answerId]);
  if (useChatStore.getState().conversation?.id !== conversationId) return;
  if (userMessage) {
    useChatStore.setState((s) => ({
      draft: s.draft ? `${userMessage.content}\n${s.draft}` : userMessage.content,
      pendingContext: [...(userMessage.context ?? []), ...s.pendingContext],
    }));
    if (userMessage.images?.length) await useAttachments.getState().restore(userMessage.images);
  }
  await followRunningAnswer(conversationId);
}

/** Shows the conversation as stored, with the answer another window is streaming, and follows that answer. */
async function followRunningAnswer(conversationId: string, stored?: StoredMessage[]) {
  const messages = stored ?? (await storedMessages(conversationId));
  if (useChatStore.getState().conversation?.id !== conversationId) return;
  useChatStore.setState({ messages, notice: 'busy-elsewhere' });
  chat().post({ type: 'watch', conversationId });
}

/** True (and the panel now follows it) when an answer this view did not know about is being written. */
async function answeringElsewhere(conversationId: string): Promise<boolean> {
  const stored = await storedMessages(conversationId);
  if (!stored.some((m) => m.status === 'streaming')) return false;
  await followRunningAnswer(conversationId, stored);
  return true;
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

async function startAnswer(conversation: Conversation, model: ModelRef | undefined, userMessage?: StoredMessage) {
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
  useChatStore.setState((s) => ({ messages: [...s.messages, answer], notice: undefined }));
  if (userMessage) unconfirmedSends.set(answer.id, userMessage);
  chat().post({ type: 'start', conversationId: conversation.id, messageId: answer.id });
}

/** The composer after a send: the sent text goes, whatever was typed while the send was being stored stays. */
function draftAfterSend(draft: string, sent: string): string {
  return draft.startsWith(sent) ? draft.slice(sent.length).trimStart() : draft;
}

export const useChatStore = create<ChatState>((set, get) => ({
  messages: [],
  draft: '',
  pendingContext: [],
  queued: false,
  setDraft: (draft) => set({ draft }),
  setQueued: (queued) => set({ queued }),

  async open(conversationId, remembered = false) {
    // The messages are read alongside the conversation, not after it: one round trip less before the first paint.
    const [conversation, latest] = conversationId
      ? await Promise.all([getConversation(conversationId), listLatestMessages(conversationId, FIRST_SHOWN)])
      : [];
    if (!conversation || !latest) {
      set({ conversation: undefined, messages: [], notice: undefined });
      return;
    }
    const read = await keepShown(latest.messages);
    const messages = fillingScreen(read);
    set({ conversation, messages, notice: undefined });
    if (latest.earlier || messages.length < read.length)
      requestIdleCallback(() => void showEarlier(conversation.id), { timeout: EARLIER_WAIT_MS });
    if (messages.some((m) => m.status === 'streaming')) chat().post({ type: 'watch', conversationId: conversation.id });
    if (!remembered) await setPref('lastConversationId', conversation.id);
  },

  setPersonaChoice(persona) {
    set({ personaChoice: persona });
  },

  newChat() {
    set({ conversation: undefined, messages: [], pendingContext: [], notice: undefined, personaChoice: undefined });
    // The images wait for the next message; why one was refused belonged to the chat left behind.
    useAttachments.getState().setProblem(undefined);
    void setPref('lastConversationId', undefined);
  },

  async send(text, model, images = []) {
    await settingsWrites;
    const { text: filled, blocks: pendingContext } = inlineSelection(text, get().pendingContext);
    const content = filled.trim();
    if (!content && !pendingContext.length && !images.length) return false;
    let conversation = get().conversation;
    // Another window may be answering here already: the text stays in the composer rather than cut that answer off.
    if (conversation && (await answeringElsewhere(conversation.id))) {
      // A send that did not come from the composer (a page quick action) puts its text there too.
      const typed = text.trim();
      if (typed && get().draft.trim() !== typed) set((s) => ({ draft: s.draft.trim() ? `${typed}\n${s.draft}` : typed }));
      return false;
    }
    if (!conversation) {
      conversation = await createConversation({
        ...(await personaInit(get().personaChoice)),
        title: titleFrom(content || pendingContext[0]?.title || ''),
        model,
      });
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
    // Long pages are cut to the context budget here, against the question they go with;
    // the trimmer loads only when a page goes along.
    const context = pendingContext.length ? (await import('../../lib/page/trim')).fitContext(pendingContext, content) : undefined;
    await storeImages(conversation.id, images);
    const userMessage: StoredMessage = {
      id: crypto.randomUUID(),
      conversationId: conversation.id,
      role: 'user',
      content,
      createdAt: Date.now(),
      status: 'complete',
      ...(context ? { context } : {}),
      ...(images.length ? { images: images.map((i) => i.ref) } : {}),
    };
    await putMessage(userMessage);
    set((s) => ({ messages: [...s.messages, userMessage], draft: draftAfterSend(s.draft, text), pendingContext: [] }));
    await startAnswer(conversation, model, userMessage);
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
    if (!lastUser || (await answeringElsewhere(conversation.id))) return;
    await deleteMessagesAfter(conversation.id, lastUser.id);
    set({ messages: messages.slice(0, messages.indexOf(lastUser) + 1) });
    await startAnswer(conversation, model);
  },

  async editAndResend(messageId, text, model) {
    const { conversation, messages } = get();
    const index = messages.findIndex((m) => m.id === messageId);
    if (!conversation || index < 0 || !text.trim() || (await answeringElsewhere(conversation.id))) return;
    const edited = { ...messages[index]!, content: text.trim() };
    await patchMessage(messageId, { content: edited.content });
    await deleteMessagesAfter(conversation.id, messageId);
    set({ messages: [...messages.slice(0, index), edited] });
    await startAnswer(conversation, model);
  },

  async deleteMessage(messageId) {
    const { conversation, messages } = get();
    const message = messages.find((m) => m.id === messageId);
    // An answer still being written is stopped first, never deleted from under its stream.
    if (!conversation || !message || message.status === 'streaming') return undefined;
    await deleteMessages(conversation.id, [messageId]);
    set((s) => ({ messages: s.messages.filter((m) => m.id !== messageId) }));
    return message;
  },

  async restoreMessage(message) {
    await putMessage(message);
    if (get().conversation?.id === message.conversationId) await get().reloadMessages();
  },

  updateSettings(patch) {
    const write = settingsWrites.then(async () => {
      const { conversation } = get();
      // Settings chosen before the first message start the conversation they belong to.
      if (!conversation) {
        const created = await createConversation({ ...(await personaInit(get().personaChoice)), ...patch });
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
    const messages = await storedMessages(conversation.id);
    if (get().conversation?.id === conversation.id) set({ messages });
  },
}));

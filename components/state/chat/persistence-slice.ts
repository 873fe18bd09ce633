import type { Conversation, StoredMessage } from '../../../lib/core/conversation';
import type { GenerationParams } from '../../../lib/core/chat';
import type { ModelRef } from '../../../lib/core/providers';
import type { Persona } from '../../../lib/core/prompts';
import {
  createConversation,
  deleteMessages,
  listMessages,
  patchMessage,
  putMessage,
  updateConversation,
  type ConversationInit,
} from '../../../lib/storage/conversations';
import { getPref, setPref } from '../../../lib/storage/prefs';
import { defaultPersona, personaConversation } from '../../../lib/prompts/personas';
import type { ChatSlice } from './slice';

export interface PersistenceSlice {
  /** Removes one message; resolves to it (for an undo), or undefined when there was nothing to remove. */
  deleteMessage(messageId: string): Promise<StoredMessage | undefined>;
  /** Puts a deleted message back in its place. */
  restoreMessage(message: StoredMessage): Promise<void>;
  updateSettings(patch: { systemPrompt?: string; params?: GenerationParams }): Promise<void>;
  setModel(model: ModelRef): Promise<void>;
  reloadMessages(): Promise<void>;
  /** Remembers the text an answer was shown with, so no later read of it shows less. */
  internal_noteShown(messageId: string, content: string): void;
  /** The conversation's messages as stored, each settled answer with at least the text this panel was shown of it. */
  internal_storedMessages(conversationId: string): Promise<StoredMessage[]>;
  /** Stored messages, each settled answer with at least the text this panel was shown of it. */
  internal_keepShown(stored: StoredMessage[]): Promise<StoredMessage[]>;
  /** Resolves once every settings write asked for so far is done. */
  internal_settingsWritten(): Promise<void>;
  /** Stores a new conversation, started as the chosen persona (or, when none was chosen, the default one) sets it. */
  internal_storeConversation(init: ConversationInit): Promise<Conversation>;
}

export interface PersistenceNeeds {
  conversation?: Conversation;
  messages: StoredMessage[];
  createdHere?: string;
  personaChoice?: Persona | null;
}

export const createPersistenceSlice: ChatSlice<PersistenceSlice, PersistenceNeeds> = (set, get) => {
  /**
   * What this panel was shown of each answer it followed. A worker stopped mid-answer stores only what it had
   * checkpointed, while this panel may have received more: however the settled answer is read back (the worker's
   * "ended", a reopen, a reload after another change), what reached the user is kept, on screen and in storage.
   */
  const received = new Map<string, string>();
  /**
   * Settings are saved on blur, and two blurs can come faster than a write: they
   * queue, so the first can create the conversation the second then updates, and
   * a message sent right after waits for both.
   */
  let settingsWrites: Promise<void> = Promise.resolve();

  return {
    internal_noteShown(messageId, content) {
      received.set(messageId, content);
    },

    async internal_storedMessages(conversationId) {
      return get().internal_keepShown(await listMessages(conversationId));
    },

    internal_keepShown(stored) {
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
    },

    internal_settingsWritten: () => settingsWrites,

    async internal_storeConversation(init) {
      const choice = get().personaChoice;
      const persona = choice === undefined ? defaultPersona(await getPref('personas'), await getPref('defaultPersonaId')) : choice;
      return createConversation({ ...(persona ? personaConversation(persona) : {}), ...init });
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
          const created = await get().internal_storeConversation(patch);
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
      const messages = await get().internal_storedMessages(conversation.id);
      if (get().conversation?.id === conversation.id) set({ messages });
    },
  };
};

import type { ContextBlock, Conversation, StoredMessage } from '../../../lib/core/conversation';
import type { ModelRef } from '../../../lib/core/providers';
import type { Persona } from '../../../lib/core/prompts';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { inlineSelection } from '../../../lib/page/ask-prompt';
import { deleteMessagesAfter, patchMessage, putMessage, updateConversation } from '../../../lib/storage/conversations';
import type { ConversationInit } from '../../../lib/storage/conversations';
import { storeImages, type NewImage } from '../../../lib/storage/images';
import { setPref } from '../../../lib/storage/prefs';
import { useAttachments } from '../../images/attachments-store';
import type { ChatSlice } from './slice';

const TITLE_LENGTH = 60;

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

/** The composer after a send: the sent text goes, whatever was typed while the send was being stored stays. */
function draftAfterSend(draft: string, sent: string): string {
  return draft.startsWith(sent) ? draft.slice(sent.length).trimStart() : draft;
}

/** What the user writes and asks: the draft, and the sends, edits and retries that start an answer. */
export interface SendSlice {
  /** Text the user is composing: kept here so no view change loses it. */
  draft: string;
  pendingContext: ContextBlock[];
  /** The conversation this panel just created, as opposed to one it opened. */
  createdHere?: string;
  /** The draft was sent before any model was ready: the composer sends it as soon as one is. */
  queued: boolean;
  /** The persona the next new chat starts with: null for none, undefined until chosen (the default one then). */
  personaChoice?: Persona | null;
  setPersonaChoice(persona: Persona | null): void;
  setDraft(text: string): void;
  /** Holds the draft for the model not chosen yet (an Enter typed while the models load), or lets it go again. */
  setQueued(queued: boolean): void;
  newChat(): void;
  /** Throws a ChatFailure 'storage-full' when `images` do not fit, leaving the draft as it was. */
  send(text: string, model: ModelRef | undefined, images?: NewImage[]): Promise<boolean>;
  regenerate(model: ModelRef | undefined): Promise<void>;
  editAndResend(messageId: string, text: string, model: ModelRef | undefined): Promise<void>;
}

export interface SendNeeds {
  conversation?: Conversation;
  messages: StoredMessage[];
  notice?: 'busy-elsewhere';
  internal_post(message: PanelToBackground): void;
  internal_settingsWritten(): Promise<void>;
  internal_storeConversation(init: ConversationInit): Promise<Conversation>;
  internal_answeringElsewhere(conversationId: string): Promise<boolean>;
  internal_awaitAcceptance(answerId: string, userMessage: StoredMessage): void;
}

export const createSendSlice: ChatSlice<SendSlice, SendNeeds> = (set, get) => {
  const startAnswer = async (conversation: Conversation, model: ModelRef | undefined, userMessage?: StoredMessage) => {
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
    set((s) => ({ messages: [...s.messages, answer], notice: undefined }));
    if (userMessage) get().internal_awaitAcceptance(answer.id, userMessage);
    get().internal_post({ type: 'start', conversationId: conversation.id, messageId: answer.id });
  };

  return {
    draft: '',
    pendingContext: [],
    queued: false,
    setDraft: (draft) => set({ draft }),
    setQueued: (queued) => set({ queued }),

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
      await get().internal_settingsWritten();
      const { text: filled, blocks: pendingContext } = inlineSelection(text, get().pendingContext);
      const content = filled.trim();
      if (!content && !pendingContext.length && !images.length) return false;
      let conversation = get().conversation;
      // Another window may be answering here already: the text stays in the composer rather than cut that answer off.
      if (conversation && (await get().internal_answeringElsewhere(conversation.id))) {
        // A send that did not come from the composer (a page quick action) puts its text there too.
        const typed = text.trim();
        if (typed && get().draft.trim() !== typed) set((s) => ({ draft: s.draft.trim() ? `${typed}\n${s.draft}` : typed }));
        return false;
      }
      if (!conversation) {
        conversation = await get().internal_storeConversation({
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
      const context = pendingContext.length ? (await import('../../../lib/page/trim')).fitContext(pendingContext, content) : undefined;
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

    async regenerate(model) {
      const { conversation, messages } = get();
      if (!conversation) return;
      const lastUser = [...messages].reverse().find((m) => m.role === 'user');
      if (!lastUser || (await get().internal_answeringElsewhere(conversation.id))) return;
      await deleteMessagesAfter(conversation.id, lastUser.id);
      set({ messages: messages.slice(0, messages.indexOf(lastUser) + 1) });
      await startAnswer(conversation, model);
    },

    async editAndResend(messageId, text, model) {
      const { conversation, messages } = get();
      const index = messages.findIndex((m) => m.id === messageId);
      if (!conversation || index < 0 || !text.trim() || (await get().internal_answeringElsewhere(conversation.id))) return;
      const edited = { ...messages[index]!, content: text.trim() };
      await patchMessage(messageId, { content: edited.content });
      await deleteMessagesAfter(conversation.id, messageId);
      set({ messages: [...messages.slice(0, index), edited] });
      await startAnswer(conversation, model);
    },
  };
};

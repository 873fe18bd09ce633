import type { i18n as I18n } from 'i18next';
import type { ContextBlock } from '../../lib/core/conversation';
import type { ModelRef } from '../../lib/core/providers';
import { composeAsk } from '../../lib/page/ask-prompt';
import type { HandOff } from '../../lib/page/hand-off';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { readSendPrefs } from './use-send-prefs';

/**
 * Sends `prompt` about `context` alone (or on its own, when the prompt holds the text itself): what the user had
 * attached or typed waits for their own message. After a failed send the context is still pending, so it stays for
 * the user to send.
 */
export async function sendAbout(context: ContextBlock | undefined, prompt: string, model: ModelRef): Promise<void> {
  const chat = useChatStore.getState();
  const { pendingContext, draft } = chat;
  useChatStore.setState({ pendingContext: context ? [context] : [] });
  try {
    await chat.send(prompt, model);
  } finally {
    useChatStore.setState((s) => ({ pendingContext: [...pendingContext, ...s.pendingContext], draft: s.draft || draft }));
  }
}

/** The chosen model once the providers have loaded (a panel that just opened may still be loading them). */
export function chosenModel(): Promise<ModelRef | undefined> {
  return new Promise((resolve) => {
    const now = useProvidersStore.getState();
    if (now.loaded) return resolve(now.selected);
    const stop = useProvidersStore.subscribe((s) => {
      if (!s.loaded) return;
      stop();
      resolve(s.selected);
    });
  });
}

/**
 * Puts a handed-off selection into the chat: quoted as context or filled into
 * the quick action's prompt, sent at once or left in the composer, as the
 * settings say. Sending at once needs a model and no answer in progress;
 * otherwise the user finishes it. Returns false when nothing was selected.
 */
export async function applyHandOff(handOff: HandOff, i18n: I18n): Promise<boolean> {
  const composed = composeAsk(handOff, {
    ...(await readSendPrefs()),
    locale: i18n.language,
    translate: (key) => i18n.t(key),
  });
  if (!composed) return false;
  const model = composed.sendNow ? await chosenModel() : undefined;
  const chat = useChatStore.getState();
  const busy = chat.messages.some((m) => m.status === 'streaming');
  if (model && !busy) {
    await sendAbout(composed.context, composed.prompt, model);
    return true;
  }
  useChatStore.setState((s) => ({
    pendingContext: composed.context ? [...s.pendingContext, composed.context] : s.pendingContext,
    draft: composed.prompt || s.draft,
  }));
  return true;
}

import type { ComponentType } from 'react';
import { mountLocalised } from './mount-localised';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { startTheme } from '../ui/use-theme';
import { getPrefs } from '../../lib/storage/prefs';
import { loadLocaleResources } from '../../lib/i18n/i18n';
import { matchLocale } from '../../lib/i18n/languages';
import { preloadMessageView } from './message-view-loaders';
import { followEarlyCopies } from './follow-early-copies';
import { readConversationHint } from './conversation-hint';
import { readLook } from './early-composer';
import { stylesheetsLoaded } from './stylesheets';

/**
 * Mounts the side panel's `App`, handed in by the page (entrypoints/sidepanel) so that start-up knows nothing of the
 * views it starts, and the app can take what it needs from here without a circle.
 */
export async function mountSidePanel(root: HTMLElement, App: ComponentType): Promise<void> {
  const providers = useProvidersStore.getState();
  // Asked before anything else: after a browser restart the worker has to start before it can list the models,
  // and this wakes it while the page reads its preferences and loads its language.
  void providers.refresh();
  // The language the panel last showed (the early box's copy; the browser's on a first open) loads while the
  // preferences are read, not after.
  void loadLocaleResources(readLook().locale ?? matchLocale(navigator.language));
  // The last conversation, as the page's copy names it, and the views that show it are read while the preferences
  // are: they, not the copy, then say which conversation the panel opens.
  const hint = readConversationHint();
  const hinted = hint === undefined ? undefined : { id: hint, opening: useChatStore.getState().open(hint, true) };
  if (hint) void preloadMessageView();
  // One read for everything the first paint shows, the model picker included: the panel opens with the last
  // listing and replaces it when the worker answers.
  const prefs = await getPrefs(['theme', 'locale', 'modelListing', 'selectedModel', 'lastConversationId']);
  startTheme(prefs.theme);
  followEarlyCopies(prefs);
  providers.showLast(prefs.modelListing, prefs.selectedModel);
  // The last conversation, and the views that show it, are in before the first render: the panel paints it once,
  // where it painted an empty chat first and then, a render later, the conversation (its message box moving twice).
  const opened = openRemembered(prefs.lastConversationId, hinted);
  const conversation = prefs.lastConversationId ? Promise.all([opened, preloadMessageView()]) : opened;
  return mountLocalised(
    root,
    (t) => t('app.name'),
    () => <App />,
    Promise.resolve(prefs.locale),
    Promise.all([conversation.catch(() => undefined), stylesheetsLoaded()]),
  );
}

/**
 * Opens the conversation the preferences name, as the remembered one (nothing is written before the first render),
 * reusing the open the page's copy started when it named the same; one that named another is let finish first, so
 * its read cannot land after the right one.
 */
function openRemembered(stored: string | undefined, hinted?: { id: string; opening: Promise<void> }): Promise<void> {
  if (hinted && hinted.id === stored) return hinted.opening;
  const open = () => useChatStore.getState().open(stored, true);
  return hinted ? hinted.opening.catch(() => undefined).then(open) : open();
}

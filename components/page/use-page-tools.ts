import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextBlock } from '../../lib/core/conversation';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import { currentWindowId, followActiveTab } from '../../lib/page/active-tab';
import type { HandOff } from '../../lib/page/hand-off';
import type { AskIntent } from '../../lib/page/menu-model';
import { useChatStore } from '../state/chat-store';
import { applyHandOff, chosenModel, sendAbout } from './apply-hand-off';
import { readActivePage, type PageProblem } from './read-active-page';

type Notice = PageProblem | 'noSelection';

export interface PageTools {
  /** Undefined until the panel knows its window; the page actions wait for it. */
  windowId?: number;
  /** "Use this page" is on: the page chip follows the active tab. */
  following: boolean;
  /** A page is being read. */
  reading: boolean;
  notice?: Notice;
  dismiss(): void;
  /** "Use this page": attaches the active tab and follows it, or lets go of it. */
  toggle(): void;
  /** Sends `prompt` about the active tab's page, read once (the empty chat's "Summarise" and "Translate"). */
  askAboutPage(prompt: string): Promise<void>;
  /** Hands the active tab's selection to the chat with `intent` (the empty chat's "Explain"), or says nothing is selected. */
  askAboutSelection(intent: AskIntent): Promise<void>;
}

/**
 * The page side of the chat: "Use this page" (the page chip follows the
 * active tab while attached), selections handed over from the context menu
 * or the keyboard shortcut, and the empty chat's page actions. Used once, by
 * the chat view, which passes it to the composer and the empty chat.
 */
export function usePageTools(): PageTools {
  const { i18n } = useTranslation();
  const [windowId, setWindowId] = useState<number>();
  const [reading, setReading] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const [following, setFollowing] = useState(false);
  /** The block this hook placed, to tell when the user removed it or sent it. */
  const placed = useRef<ContextBlock | undefined>(undefined);
  /** Only the newest read may land: tabs can switch faster than pages are read. */
  const latestRead = useRef(0);
  /** A quick action sets the attached context aside while it sends; that is no removal. */
  const applying = useRef(0);

  const stopFollowingIfGone = useCallback(() => {
    if (applying.current || !placed.current || useChatStore.getState().pendingContext.includes(placed.current)) return;
    placed.current = undefined;
    latestRead.current++;
    setReading(false);
    setFollowing(false);
  }, []);

  useEffect(() => {
    void currentWindowId().then(setWindowId);
  }, []);

  const apply = useCallback(
    async (handOff: HandOff) => {
      if (handOff.problem) return setNotice(handOff.problem === 'restricted' ? 'restricted' : 'noSelection');
      applying.current++;
      try {
        setNotice((await applyHandOff(handOff, i18n)) ? undefined : 'noSelection');
      } finally {
        applying.current--;
        stopFollowingIfGone();
      }
    },
    [i18n, stopFollowingIfGone],
  );

  // Hand-offs: taken once the window is known (the panel's "ready"), and again whenever one is announced.
  useEffect(() => {
    if (windowId === undefined) return;
    const take = async () => {
      const handOff = await request('page.takeHandOff', { windowId }).catch(() => null);
      if (handOff) await apply(handOff);
    };
    void take();
    return onBroadcast((event) => {
      if (event.type === 'page.handoff' && event.windowId === windowId) void take();
    });
  }, [windowId, apply]);

  // The page chip was removed by the user or went out with a message: stop following the tab.
  useEffect(() => useChatStore.subscribe(stopFollowingIfGone), [stopFollowingIfGone]);

  const read = useCallback(async () => {
    if (windowId === undefined) return;
    const ticket = ++latestRead.current;
    setReading(true);
    const page = await readActivePage(windowId, [i18n.language, ...navigator.languages]);
    if (ticket !== latestRead.current) return;
    setReading(false);
    setNotice(page.ok ? undefined : page.problem);
    const previous = placed.current;
    placed.current = page.ok ? page.block : undefined;
    useChatStore.setState((s) => ({
      pendingContext: [...s.pendingContext.filter((b) => b !== previous), ...(page.ok ? [page.block] : [])],
    }));
  }, [windowId, i18n]);

  useEffect(() => {
    if (!following || windowId === undefined) return;
    return followActiveTab(windowId, () => void read());
  }, [following, windowId, read]);

  const toggle = () => {
    if (following) {
      const previous = placed.current;
      placed.current = undefined;
      latestRead.current++;
      setReading(false);
      setFollowing(false);
      useChatStore.setState((s) => ({ pendingContext: s.pendingContext.filter((b) => b !== previous) }));
    } else {
      setFollowing(true);
      void read();
    }
  };

  const askAboutPage = async (prompt: string) => {
    if (windowId === undefined) return;
    setReading(true);
    const page = await readActivePage(windowId, [i18n.language, ...navigator.languages]);
    setReading(false);
    setNotice(page.ok ? undefined : page.problem);
    if (!page.ok) return;
    const model = await chosenModel();
    if (!model) {
      // Without a model the page waits in the composer with the prompt, for the user to send once one is chosen.
      useChatStore.setState((s) => ({ pendingContext: [...s.pendingContext, page.block], draft: s.draft || prompt }));
      return;
    }
    applying.current++;
    try {
      await sendAbout(page.block, prompt, model);
    } finally {
      applying.current--;
    }
  };

  const askAboutSelection = async (intent: AskIntent) => {
    if (windowId === undefined) return;
    const handOff = await request('page.selection', { windowId, intent }).catch(() => null);
    if (!handOff) return setNotice('failed');
    await apply(handOff);
  };

  return { windowId, following, reading, notice, dismiss: () => setNotice(undefined), toggle, askAboutPage, askAboutSelection };
}

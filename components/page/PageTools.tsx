import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextBlock } from '@/lib/core/conversation';
import { request } from '@/lib/messaging/client';
import { onBroadcast } from '@/lib/messaging/events';
import { currentWindowId, followActiveTab } from '@/lib/page/active-tab';
import { useChatStore } from '../state/chat-store';
import { applyHandOff } from './apply-hand-off';
import { readActivePage, type PageProblem } from './read-active-page';
import './page.css';

type Notice = PageProblem | 'noSelection';

/**
 * The page side of the chat: the "Use this page" button, the page chip that
 * follows the active tab while attached, and selections handed over from
 * the context menu or the keyboard shortcut.
 */
export function PageTools() {
  const { t, i18n } = useTranslation();
  const [windowId, setWindowId] = useState<number>();
  const [reading, setReading] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  /** "Use this page" is on: the chip follows the active tab, and an unreadable tab only empties it. */
  const [following, setFollowing] = useState(false);
  /** The block this component placed, to tell when the user removed it or sent it. */
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

  // Hand-offs: taken once the window is known (the panel's "ready"), and again whenever one is announced.
  useEffect(() => {
    if (windowId === undefined) return;
    const take = async () => {
      const handOff = await request('page.takeHandOff', { windowId }).catch(() => null);
      if (!handOff) return;
      if (handOff.problem) return setNotice(handOff.problem === 'restricted' ? 'restricted' : 'noSelection');
      applying.current++;
      try {
        setNotice((await applyHandOff(handOff, i18n)) ? undefined : 'noSelection');
      } finally {
        applying.current--;
        stopFollowingIfGone();
      }
    };
    void take();
    return onBroadcast((event) => {
      if (event.type === 'page.handoff' && event.windowId === windowId) void take();
    });
  }, [windowId, i18n, stopFollowingIfGone]);

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

  return (
    <div className="page-tools">
      {/* The live region stays mounted so that screen readers announce each new notice. */}
      <div className="page-notice-row">
        <p role="status" className={notice ? 'notice page-notice' : undefined}>
          {notice && t(`page.notice.${notice}`)}
        </p>
        {notice && (
          <button type="button" className="icon-button" onClick={() => setNotice(undefined)}>
            {t('page.dismiss')}
          </button>
        )}
      </div>
      <div className="page-actions">
        <button type="button" className="button" aria-pressed={following} disabled={windowId === undefined} onClick={toggle}>
          {t('page.usePage')}
        </button>
        {reading && <span role="status">{t('page.reading')}</span>}
      </div>
    </div>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesSquare, Settings, SquarePen } from 'lucide-react';
import { onBroadcast } from '../../lib/messaging/events';
import { ChatView } from '../chat/ChatView';
import { useAttachments } from '../images/attachments-store';
import { ModelPicker } from '../chat/ModelPicker';
import { useMenuRefresh } from '../page/use-menu-refresh';
import { PersonaBadge } from '../prompts/PersonaBadge';
import { lazyView, onDemand } from '../common/on-demand';
import { useReaderUi } from '../reader/reader-start';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { useSettingsTarget } from '../state/settings-target';
import { DialogHost } from '../ui/DialogHost';
import { IconButton } from '../ui/IconButton';
import { Toaster } from '../ui/Toaster';
import { focusMessageBox } from '../common/focus-message-box';
import { escapeIsFree } from './escape';
import { useEarlyInput, useMessageViewPreload } from '../startup';
import './shell.css';
import { StorageRepairNotice } from './StorageRepairNotice';
import { ViewErrorBoundary } from './ViewErrorBoundary';
// The design system's and the app's own rules come after every view's, which they may override.
import '../ui/ui.css';
import './app.css';

// Settings and history are not needed for the first paint; they load when opened.
const SettingsView = lazyView(() => import('../settings/SettingsView').then((m) => m.SettingsView));
const HistoryView = lazyView(() => import('../history/HistoryView').then((m) => m.HistoryView));
/** Reading a page aloud. */
const ReaderBar = onDemand(() => import('../reader/ReaderBar').then((m) => m.ReaderBar));

type View = 'chat' | 'history' | 'settings';

export function App() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chat');
  const error = useProvidersStore((s) => s.error);
  const readerBarWanted = useReaderUi((s) => (!!s.state && (s.state.status !== 'idle' || !!s.state.error)) || !!s.failure);
  useEarlyInput();
  useMenuRefresh();
  useMessageViewPreload();

  // A selection handed over from a page is only picked up by the chat view.
  useEffect(() => onBroadcast((event) => event.type === 'page.handoff' && setView('chat')), []);

  const toggle = (next: View) => setView(view === next ? 'chat' : next);
  const openSettings = (providerId?: string) => {
    useSettingsTarget.getState().setTarget(providerId);
    setView('settings');
  };
  // After a failure in the chat itself, a fresh chat is the way back; the failed conversation stays in the history.
  const backToChat = () => {
    if (view === 'chat') useChatStore.getState().newChat();
    setView('chat');
  };

  useEffect(() => {
    // Arriving in the chat (on opening, or back from Settings or History), the next thing to do is to type.
    if (view === 'chat') focusMessageBox(t('chat.message'));
    // Only when the view changes (and on opening), never while the user is typing elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  useEffect(() => {
    // Why an attachment could not be added or sent is about the message being written: it does not outlive leaving it.
    if (view !== 'chat') useAttachments.getState().setProblem(undefined);
  }, [view]);

  useEffect(() => {
    if (view === 'chat') return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!escapeIsFree(e)) return;
      e.preventDefault();
      setView('chat');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [view]);

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="visually-hidden">{t('app.name')}</h1>
        <IconButton
          label={t('nav.newChat')}
          icon={<SquarePen size={18} />}
          onClick={() => {
            useChatStore.getState().newChat();
            setView('chat');
            if (view === 'chat') focusMessageBox(t('chat.message'));
          }}
        />
        <IconButton
          label={t('nav.history')}
          icon={<MessagesSquare size={18} />}
          pressed={view === 'history'}
          onClick={() => toggle('history')}
        />
        <ModelPicker onOpenSettings={openSettings} />
        <PersonaBadge />
        <IconButton
          label={t('nav.settings')}
          icon={<Settings size={18} />}
          pressed={view === 'settings'}
          onClick={() => toggle('settings')}
        />
      </header>
      {/* Loaded the first time there is something to show: an empty panel does not fetch it. */}
      {readerBarWanted && (
        <ViewErrorBoundary onBack={backToChat}>
          <ReaderBar />
        </ViewErrorBoundary>
      )}
      <StorageRepairNotice />
      {error && (
        <p className="notice notice-error" role="alert">
          {t('errors.background')}
        </p>
      )}
      <main className="main">
        <ViewErrorBoundary key={view} onBack={backToChat}>
          {view === 'chat' && <ChatView onOpenSettings={openSettings} />}
          <Suspense fallback={<p className="empty">{t('common.loading')}</p>}>
            {view === 'history' && <HistoryView onOpen={() => setView('chat')} />}
            {view === 'settings' && <SettingsView />}
          </Suspense>
        </ViewErrorBoundary>
      </main>
      <Toaster />
      <DialogHost />
    </div>
  );
}

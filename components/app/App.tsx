import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onBroadcast } from '@/lib/messaging/events';
import { getPref } from '@/lib/storage/prefs';
import { ChatView } from '../chat/ChatView';
import { preloadMarkdown } from '../markdown';
import { ModelPicker } from '../chat/ModelPicker';
import { ReaderBar } from '../reader/ReaderBar';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { DialogHost } from '../ui/DialogHost';
import { Toaster } from '../ui/Toaster';
import { StorageRepairNotice } from './StorageRepairNotice';
import { ViewErrorBoundary } from './ViewErrorBoundary';

// Settings and history are not needed for the first paint; they load when opened.
const SettingsView = lazy(() => import('../settings/SettingsView').then((m) => ({ default: m.SettingsView })));
const HistoryView = lazy(() => import('../history/HistoryView').then((m) => ({ default: m.HistoryView })));

type View = 'chat' | 'history' | 'settings';

export function App() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chat');
  const refresh = useProvidersStore((s) => s.refresh);
  const error = useProvidersStore((s) => s.error);

  useEffect(() => {
    // Fetch the renderer while idle, so the first answer never shows as plain text.
    const idle = requestIdleCallback(() => void preloadMarkdown());
    return () => cancelIdleCallback(idle);
  }, []);

  useEffect(() => {
    void refresh();
    void getPref('lastConversationId').then((id) => useChatStore.getState().open(id));
  }, [refresh]);

  // A selection handed over from a page is only picked up by the chat view.
  useEffect(() => onBroadcast((event) => event.type === 'page.handoff' && setView('chat')), []);

  const toggle = (next: View) => setView((v) => (v === next ? 'chat' : next));
  // After a failure in the chat itself, a fresh chat is the way back; the failed conversation stays in the history.
  const backToChat = () => {
    if (view === 'chat') useChatStore.getState().newChat();
    setView('chat');
  };

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="visually-hidden">{t('app.name')}</h1>
        <button type="button" className="icon-button" aria-pressed={view === 'history'} onClick={() => toggle('history')}>
          {t('nav.history')}
        </button>
        <ModelPicker />
        <button
          type="button"
          className="icon-button"
          onClick={() => {
            useChatStore.getState().newChat();
            setView('chat');
          }}
        >
          {t('nav.newChat')}
        </button>
        <button type="button" className="icon-button" aria-pressed={view === 'settings'} onClick={() => toggle('settings')}>
          {t('nav.settings')}
        </button>
      </header>
      <ViewErrorBoundary onBack={backToChat}>
        <ReaderBar />
      </ViewErrorBoundary>
      <StorageRepairNotice />
      {error && (
        <p className="notice notice-error" role="alert">
          {t('errors.background')}
        </p>
      )}
      <main className="main">
        <ViewErrorBoundary key={view} onBack={backToChat}>
          {view === 'chat' && <ChatView onOpenSettings={() => setView('settings')} />}
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

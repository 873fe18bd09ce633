import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Trash2, Upload } from 'lucide-react';
import { toChatError } from '@/lib/core/errors';
import { request } from '@/lib/messaging/client';
import { exportConversations, importConversations, summarizeImport, type ImportSummary } from '@/lib/storage/export';
import { Button } from '../ui/Button';
import { confirmDialog } from '../ui/confirm';
import { showToast } from '../ui/toast';
import { useErrorText } from '../common/use-error-text';
import { ImportReview } from '../history/HistoryView';

/** Offers `data` as a file named `name`, as a download the browser saves. */
function downloadJson(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export and import of conversations, and clearing everything Parley stored. */
export function DataSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pendingImport, setPendingImport] = useState<{ doc: unknown; summary: ImportSummary }>();

  const exportAll = async () => {
    downloadJson(await exportConversations(), `parley-conversations-${new Date().toISOString().slice(0, 10)}.json`);
  };

  /** A file is read and summarised first; nothing is imported until the user has seen what it adds. */
  const review = async (file: File) => {
    try {
      const doc: unknown = JSON.parse(await file.text());
      setPendingImport({ doc, summary: summarizeImport(doc) });
    } catch {
      showToast({ message: t('history.importFailed'), tone: 'error' });
    }
  };

  const confirmImport = async (doc: unknown) => {
    setPendingImport(undefined);
    try {
      const { imported } = await importConversations(doc);
      showToast({ message: t('history.imported', { count: imported }), tone: 'success' });
    } catch {
      showToast({ message: t('history.importFailed'), tone: 'error' });
    }
  };

  const clearAll = async () => {
    const sure = await confirmDialog({
      title: t('settings.data.clearTitle'),
      message: t('settings.data.clearMessage'),
      confirmLabel: t('settings.data.clearConfirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      await request('data.clear', {});
    } catch (e) {
      showToast({ message: errorText(toChatError(e)).title, tone: 'error' });
      return;
    }
    // Every view holds something that is gone now: start the panel afresh, as on a first run.
    location.reload();
  };

  return (
    <div className="settings-data">
      <section className="settings-group" aria-labelledby="data-conversations">
        <h4 id="data-conversations">{t('settings.data.conversations')}</h4>
        <p className="settings-hint">{t('settings.data.conversationsHint')}</p>
        <div className="settings-actions">
          <Button icon={<Download size={16} />} onClick={() => void exportAll()}>
            {t('history.export')}
          </Button>
          <Button icon={<Upload size={16} />} onClick={() => fileInput.current?.click()}>
            {t('history.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            aria-label={t('history.importFile')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void review(file);
              e.target.value = '';
            }}
          />
        </div>
        {pendingImport && (
          <ImportReview
            summary={pendingImport.summary}
            onConfirm={() => void confirmImport(pendingImport.doc)}
            onCancel={() => setPendingImport(undefined)}
          />
        )}
      </section>
      <section className="settings-group settings-danger" aria-labelledby="data-clear">
        <h4 id="data-clear">{t('settings.data.clearTitle')}</h4>
        <p className="settings-hint">{t('settings.data.clearHint')}</p>
        <Button variant="danger" icon={<Trash2 size={16} />} onClick={() => void clearAll()}>
          {t('settings.data.clear')}
        </Button>
      </section>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError } from '../../lib/core/errors';
import { inertText } from '../../lib/core/inert-text';
import { formatNumber } from '../../lib/i18n/formats';
import type { ImportSummary } from '../../lib/storage/export';
import { Button } from '../ui/Button';
import { useJsonFileChooser } from '../ui/JsonFileImport';
import { showToast } from '../ui/toast';
import { useConversationImporter } from './use-conversations';

export interface ConversationImport {
  /** Opens the file chooser. */
  choose(): void;
  /** The last file could not be read or imported. */
  failed: boolean;
  /** The hidden file input and, once a file is read, its review: placed where the view shows them. */
  view: ReactNode;
}

/**
 * Importing conversations from a Parley export, for History and Settings › Data alike: a file is read and summarised
 * first, and nothing is imported until the user has seen what it adds.
 */
export function useConversationImport(): ConversationImport {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<'unreadable' | 'storage-full'>();
  const [pending, setPending] = useState<{ doc: unknown; summary: ImportSummary }>();
  const importer = useConversationImporter();

  const review = async (file: File) => {
    setFailure(undefined);
    try {
      const doc: unknown = JSON.parse(await file.text());
      setPending({ doc, summary: importer.summarize(doc) });
    } catch {
      setFailure('unreadable');
    }
  };

  const confirm = async (doc: unknown) => {
    setPending(undefined);
    try {
      const { imported } = await importer.import(doc);
      showToast({ message: t('history.imported', { count: imported }), tone: 'success' });
    } catch (e) {
      setFailure(toChatError(e).code === 'storage-full' ? 'storage-full' : 'unreadable');
    }
  };

  const chooser = useJsonFileChooser(t('history.importFile'), (file) => void review(file));
  const view = (
    <>
      {chooser.input}
      {pending && (
        <ImportReview summary={pending.summary} onConfirm={() => void confirm(pending.doc)} onCancel={() => setPending(undefined)} />
      )}
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure === 'storage-full' ? t('images.importStorageFull') : t('history.importFailed')}
        </p>
      )}
    </>
  );
  return { choose: chooser.choose, failed: failure !== undefined, view };
}

/** What an import would add: conversations, the system prompts it keeps, and the plugins it names but leaves off. */
function ImportReview({ summary, onConfirm, onCancel }: { summary: ImportSummary; onConfirm(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <section className="card import-review" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('history.review.heading')}</h3>
      <p>{t('history.review.intro')}</p>
      <dl className="facts">
        <dt>{t('history.review.conversations')}</dt>
        <dd>{formatNumber(i18n, summary.conversations)}</dd>
        <dt>{t('history.review.systemPrompts')}</dt>
        <dd>{formatNumber(i18n, summary.systemPrompts)}</dd>
        <dt>{t('history.review.plugins')}</dt>
        <dd dir={summary.plugins.length ? 'ltr' : undefined}>
          {summary.plugins.length ? summary.plugins.map(inertText).join(', ') : t('history.review.noPlugins')}
        </dd>
      </dl>
      {summary.plugins.length > 0 && <p className="notice">{t('history.review.pluginsOff')}</p>}
      <div className="row">
        <Button variant="primary" onClick={onConfirm}>
          {t('history.review.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}

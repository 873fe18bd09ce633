import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

/**
 * A provider form's Save (its submit button), connection test, and Cancel or Remove. While busy they stay focusable (a
 * disabled button would drop focus to the page) and say so, and Cancel and Remove do nothing.
 */
export function ProviderFormActions({
  busy,
  onTest,
  onCancel,
  onRemove,
}: {
  busy: boolean;
  onTest(): void;
  onCancel?(): void;
  onRemove?(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="provider-form-actions">
      <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
        {t('common.save')}
      </Button>
      <Button type="button" variant="secondary" aria-disabled={busy || undefined} onClick={onTest}>
        {t('settings.testConnection')}
      </Button>
      {onCancel && (
        <Button type="button" variant="ghost" aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
          {t('common.cancel')}
        </Button>
      )}
      {onRemove && (
        <Button type="button" variant="danger" aria-disabled={busy || undefined} onClick={() => !busy && onRemove()}>
          {t('settings.removeProvider')}
        </Button>
      )}
    </div>
  );
}

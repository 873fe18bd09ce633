import { useTranslation } from 'react-i18next';
import { Download, Plus } from 'lucide-react';
import { formatNumber } from '../../lib/i18n/formats';
import { MAX_LIBRARY_ENTRIES } from '../../lib/prompts/library-limit';
import { Button } from '../ui/Button';
import { JsonFileImport } from '../ui/JsonFileImport';
import type { Library } from './use-library-import';

/** A library's add and save, export and import, and why the last of them was refused or that the library is full. */
export function LibraryActions({
  library,
  full,
  problem,
  onAdd,
  onSave,
  onExport,
  onImport,
}: {
  library: Library;
  full: boolean;
  /** Why the last save or import was refused. */
  problem?: string;
  onAdd(): void;
  onSave(): void;
  onExport(): void;
  onImport(file: File): void;
}) {
  const { t, i18n } = useTranslation();
  const limit = formatNumber(i18n, MAX_LIBRARY_ENTRIES);
  return (
    <>
      <div className="settings-actions">
        <Button icon={<Plus size={16} />} disabled={full} onClick={onAdd}>
          {t(`${library}.settings.add`)}
        </Button>
        <Button variant="primary" onClick={onSave}>
          {t(`${library}.settings.save`)}
        </Button>
      </div>
      <div className="settings-actions">
        <Button icon={<Download size={16} />} onClick={onExport}>
          {t(`${library}.settings.export`)}
        </Button>
        <JsonFileImport label={t(`${library}.settings.import`)} fileLabel={t(`${library}.settings.importFile`)} onFile={onImport} />
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : (
        full && <p className="settings-hint">{t(`${library}.settings.full`, { limit })}</p>
      )}
    </>
  );
}

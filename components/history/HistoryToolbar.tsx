import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckSquare, Download, Trash2, Upload } from 'lucide-react';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';

export interface HistoryToolbarProps {
  /** In select mode the bar acts on the chosen conversations; otherwise on all of them. */
  selecting: boolean;
  /** The ids of the chosen conversations. */
  chosen: string[];
  /** There is at least one conversation listed to select. */
  listed: boolean;
  selectButton: Ref<HTMLButtonElement>;
  onSelectAll(): void;
  onExport(ids?: string[]): void;
  onDelete(ids: string[]): void;
  onImport(): void;
  onStartSelecting(): void;
  onStopSelecting(): void;
}

/** The history's actions: export, import and Select; in select mode, a count and what to do with the chosen ones. */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { t } = useTranslation();
  const { chosen } = props;
  if (props.selecting)
    return (
      <div className="row history-toolbar">
        <span className="history-count" role="status">
          {t('history.selected', { count: chosen.length })}
        </span>
        <Button variant="ghost" onClick={props.onSelectAll}>
          {t('history.selectAll')}
        </Button>
        <IconButton
          label={t('history.exportSelected')}
          icon={<Download size={16} />}
          disabled={!chosen.length}
          onClick={() => props.onExport(chosen)}
        />
        <IconButton
          label={t('history.deleteSelected')}
          variant="danger"
          icon={<Trash2 size={16} />}
          disabled={!chosen.length}
          onClick={() => {
            props.onStopSelecting();
            props.onDelete(chosen);
          }}
        />
        <Button variant="ghost" onClick={props.onStopSelecting}>
          {t('common.cancel')}
        </Button>
      </div>
    );
  return (
    <div className="row history-toolbar">
      <Button variant="secondary" icon={<Download size={16} />} onClick={() => props.onExport()}>
        {t('history.export')}
      </Button>
      <Button variant="secondary" icon={<Upload size={16} />} onClick={props.onImport}>
        {t('history.import')}
      </Button>
      <Button
        ref={props.selectButton}
        variant="ghost"
        icon={<CheckSquare size={16} />}
        disabled={!props.listed}
        onClick={props.onStartSelecting}
      >
        {t('history.select')}
      </Button>
    </div>
  );
}

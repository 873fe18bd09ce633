import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  url: string;
  origin: string;
  busy: boolean;
  onApprove(): void;
  onCancel(): void;
}

/** The origin an MCP server lives at, shown before Parley contacts it; connecting is an explicit approval. */
export function McpApproval({ url, origin, busy, onApprove, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onCancel}
      title={t('mcp.approval.heading')}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" disabled={busy} onClick={onApprove}>
            {t('mcp.approval.confirm')}
          </Button>
        </>
      }
    >
      <div className="plugin-approval">
        <dl className="facts">
          <dt>{t('mcp.approval.address')}</dt>
          <dd dir="ltr" className="plugin-url">
            {inertText(url)}
          </dd>
        </dl>
        <p>{t('mcp.approval.origin')}</p>
        <ul className="plugin-origins" aria-label={t('mcp.approval.originList')}>
          <li dir="ltr">{inertText(origin)}</li>
        </ul>
        <p className="plugin-hint">{t('mcp.approval.note')}</p>
      </div>
    </Dialog>
  );
}

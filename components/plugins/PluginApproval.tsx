import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import type { ManifestPreview } from '../../lib/messaging/plugin-protocol';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { PluginAvatarView } from './PluginAvatarView';
import { usePluginNames } from './plugin-names';

interface Props {
  preview: ManifestPreview;
  /** Approving an update of an installed plugin rather than a new install. */
  update?: boolean;
  busy: boolean;
  onApprove(): void;
  onCancel(): void;
}

/** What a plugin is and every origin it will contact, shown in a dialog before anything is installed; installing is an explicit approval. */
export function PluginApproval({ preview, update, busy, onApprove, onCancel }: Props) {
  const { t } = useTranslation();
  const names = usePluginNames();
  const { manifest } = preview;
  const view = { builtin: false, identifier: manifest.identifier, manifest };
  const title = names.title(view);
  const description = names.description(view);

  return (
    <Dialog
      open
      onClose={onCancel}
      title={t(update ? 'plugins.approval.updateHeading' : 'plugins.approval.heading', { title })}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          {!preview.unsupported && (
            <Button variant="primary" disabled={busy} onClick={onApprove}>
              {t(update ? 'plugins.approval.confirmUpdate' : 'plugins.approval.confirm')}
            </Button>
          )}
        </>
      }
    >
      <div className="plugin-approval">
        <div className="plugin-approval-head">
          <PluginAvatarView avatar={manifest.meta.avatar} title={title} />
          {description && <p>{description}</p>}
        </div>
        <dl className="facts">
          <dt>{t('plugins.approval.identifier')}</dt>
          <dd dir="ltr">{inertText(manifest.identifier)}</dd>
          {manifest.author && (
            <>
              <dt>{t('plugins.approval.author')}</dt>
              <dd dir="auto">{inertText(manifest.author)}</dd>
            </>
          )}
          <dt>{t('plugins.approval.kind')}</dt>
          <dd>{t(`plugins.type.${manifest.type}`)}</dd>
          <dt>{t('plugins.approval.source')}</dt>
          <dd dir="ltr" className="plugin-url">
            {inertText(preview.manifestUrl)}
          </dd>
        </dl>
        {preview.unsupported ? (
          <p className="notice notice-error" role="alert">
            {t(`plugins.unsupported.${preview.unsupported}`)}
          </p>
        ) : (
          <>
            {preview.omitted && (
              <p className="notice" role="status">
                {t(`plugins.omitted.${preview.omitted}`)}
              </p>
            )}
            <p>{preview.origins.length ? t('plugins.approval.origins') : t('plugins.approval.noOrigins')}</p>
            {preview.origins.length > 0 && (
              <ul className="plugin-origins" aria-label={t('plugins.approval.originsList')}>
                {preview.origins.map((origin) => (
                  <li key={origin} dir="ltr">
                    {inertText(origin)}
                  </li>
                ))}
              </ul>
            )}
            {manifest.settings && <p className="plugin-hint">{t('plugins.approval.settingsNote')}</p>}
          </>
        )}
      </div>
    </Dialog>
  );
}

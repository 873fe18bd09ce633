import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { ManifestPreview, PluginPreview, PluginView } from '../../lib/messaging/plugin-protocol';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast';
import { InvalidDocument } from './InvalidDocument';
import { PluginApproval } from './PluginApproval';
import { PluginAvatarView } from './PluginAvatarView';
import { AddressField } from './AddressField';
import { PluginCard } from './PluginCard';
import { PluginTags } from './PluginTags';
import { usePluginNames } from './plugin-names';
import { startPluginsStore, usePluginsStore } from './plugins-store';
import './plugins.css';

/** Settings › Plugins: a store-like list of what is installed, and installing from a manifest or index URL after approving its origins. */
export function PluginSettings() {
  const { t } = useTranslation();
  const id = useId();
  const names = usePluginNames();
  const { views } = usePluginsStore();
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<PluginPreview>();
  const { busy, error, run } = useBusyRun();

  useEffect(startPluginsStore, []);

  const lookUp = (target: string) => run(async () => setPreview(await request('plugins.preview', { url: target })));

  /** A verdict belongs to the address it was given for: a new address or a new look-up takes it off screen. */
  const lookUpTyped = () => {
    setPreview(undefined);
    void lookUp(url);
  };

  const install = (approved: ManifestPreview) =>
    run(async () => {
      await request('plugins.install', { manifestUrl: approved.manifestUrl, manifest: approved.manifest, origins: approved.origins });
      setPreview(undefined);
      setUrl('');
      const title = names.title({ builtin: false, identifier: approved.manifest.identifier, manifest: approved.manifest });
      showToast({ message: t('plugins.store.installed', { title }), tone: 'success' });
    });

  return (
    <section className="plugins" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('plugins.title')}</h3>
      <form
        className="plugin-install"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) lookUpTyped();
        }}
      >
        <AddressField
          label={t('plugins.sourceLabel')}
          placeholder="https://…/manifest.json"
          value={url}
          onChange={(typed) => {
            setUrl(typed);
            setPreview(undefined);
          }}
        >
          <Button type="submit" variant="secondary" icon={<Search size={16} />} disabled={busy || !url.trim()}>
            {t('plugins.lookUp')}
          </Button>
        </AddressField>
      </form>
      {error && <ErrorNotice error={error} />}
      {preview?.kind === 'manifest' && (
        <PluginApproval preview={preview} busy={busy} onApprove={() => void install(preview)} onCancel={() => setPreview(undefined)} />
      )}
      {preview?.kind === 'index' && <IndexList preview={preview} views={views} busy={busy} onReview={(target) => void lookUp(target)} />}
      {preview?.kind === 'invalid' && <InvalidDocument issues={preview.issues} />}
      <h4>{t('plugins.installed.heading')}</h4>
      <ul className="plugin-list">
        {views.map((view) => (
          <PluginCard key={view.identifier} view={view} />
        ))}
      </ul>
    </section>
  );
}

function IndexList({
  preview,
  views,
  busy,
  onReview,
}: {
  preview: Extract<PluginPreview, { kind: 'index' }>;
  views: PluginView[];
  busy: boolean;
  onReview(manifestUrl: string): void;
}) {
  const { t } = useTranslation();
  const installed = new Set(views.map((v) => v.identifier));
  return (
    <section className="plugin-index" aria-label={t('plugins.index.heading')}>
      <h4>{t('plugins.index.heading')}</h4>
      {preview.skipped > 0 && <p className="plugin-hint">{t('plugins.index.skipped', { count: preview.skipped })}</p>}
      {!preview.entries.length && <p>{t('plugins.index.empty')}</p>}
      <ul className="plugin-list">
        {preview.entries.map((entry) => {
          const title = inertText(entry.title);
          return (
            <li key={entry.identifier} className="plugin-card">
              <PluginAvatarView avatar={entry.avatar} title={title} />
              <div className="plugin-card-body">
                <p className="plugin-card-title" dir="auto">
                  {title}
                </p>
                {entry.description && (
                  <p className="plugin-card-description" dir="auto">
                    {inertText(entry.description)}
                  </p>
                )}
                <PluginTags tags={entry.tags} />
              </div>
              <div className="plugin-card-actions">
                {installed.has(entry.identifier) ? (
                  <span className="plugin-badge">{t('plugins.index.installed')}</span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={t('plugins.index.reviewNamed', { title })}
                    onClick={() => onReview(entry.manifestUrl)}
                  >
                    {t('plugins.index.review')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inertText } from '@/lib/core/inert-text';
import { request } from '@/lib/messaging/client';
import type { ManifestPreview, PluginPreview, PluginView } from '@/lib/messaging/plugin-protocol';
import type { ToolApprovalMode } from '@/lib/plugins/consent';
import type { ManifestIssue } from '@/lib/plugins/manifest';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { PluginApproval } from './PluginApproval';
import { PluginSettingsForm } from './PluginSettingsForm';
import { usePluginNames } from './plugin-names';
import { startPluginsStore, usePluginsStore } from './plugins-store';
import './plugins.css';

/** Settings › Plugins: install from a manifest or index URL after approving its origins, then configure, update or remove. */
export function PluginSettings() {
  const { t } = useTranslation();
  const id = useId();
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
    });

  return (
    <section className="plugins" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('plugins.title')}</h3>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) lookUpTyped();
        }}
      >
        <label htmlFor={`${id}-url`}>{t('plugins.sourceLabel')}</label>
        <input
          id={`${id}-url`}
          type="url"
          dir="ltr"
          className="plugin-source"
          placeholder="https://…/manifest.json"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setPreview(undefined);
          }}
        />
        <button type="submit" className="button" disabled={busy || !url.trim()}>
          {t('plugins.lookUp')}
        </button>
      </form>
      {error && <ErrorNotice error={error} />}
      {preview?.kind === 'manifest' && (
        <PluginApproval preview={preview} busy={busy} onApprove={() => void install(preview)} onCancel={() => setPreview(undefined)} />
      )}
      {preview?.kind === 'index' && <IndexList preview={preview} views={views} busy={busy} onReview={(target) => void lookUp(target)} />}
      {preview?.kind === 'invalid' && <InvalidDocument issues={preview.issues} />}
      <h4>{t('plugins.installed.heading')}</h4>
      {views.map((view) => (
        <InstalledPlugin key={view.identifier} view={view} />
      ))}
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
    <section className="card" aria-label={t('plugins.index.heading')}>
      <h4>{t('plugins.index.heading')}</h4>
      {preview.skipped > 0 && <p className="plugin-hint">{t('plugins.index.skipped', { count: preview.skipped })}</p>}
      {!preview.entries.length && <p>{t('plugins.index.empty')}</p>}
      <ul className="plugin-index">
        {preview.entries.map((entry) => {
          const title = inertText(entry.title);
          return (
            <li key={entry.identifier}>
              <span className="plugin-index-title">{title}</span>
              {entry.description && <span className="plugin-hint">{inertText(entry.description)}</span>}
              {installed.has(entry.identifier) ? (
                <span className="plugin-hint">{t('plugins.index.installed')}</span>
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('plugins.index.reviewNamed', { title })}
                  onClick={() => onReview(entry.manifestUrl)}
                >
                  {t('plugins.index.review')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A size limit as people read it: 1 MB, 4 MB, in the interface language's digits and units. */
function formatLimit(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

function InvalidDocument({ issues }: { issues: ManifestIssue[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t('plugins.invalid.heading')}</p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            {t(`plugins.issue.${issue.code}`, { limit: issue.limit === undefined ? undefined : formatLimit(issue.limit, i18n.language) })}
            {issue.path && (
              <>
                {' '}
                <code dir="ltr">{inertText(issue.path)}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether the model's calls of this plugin wait for the user: the first in each chat, or none. */
function ApprovalMode({ view, title }: { view: PluginView; title: string }) {
  const { t } = useTranslation();
  const name = useId();
  const { busy, error, run } = useBusyRun();
  const choose = (approval: ToolApprovalMode) =>
    run(async () => {
      await request('plugins.setApproval', { identifier: view.identifier, approval });
    });
  return (
    <fieldset className="plugin-approval-mode">
      <legend>{t('plugins.consent.modeLegend', { title })}</legend>
      {(['ask', 'auto'] as const).map((mode) => (
        <label key={mode} className="plugin-toggle">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={view.approval === mode}
            disabled={busy}
            onChange={() => void choose(mode)}
          />
          {t(`plugins.consent.mode.${mode}`)}
        </label>
      ))}
      {error && <ErrorNotice error={error} />}
    </fieldset>
  );
}

function InstalledPlugin({ view }: { view: PluginView }) {
  const { t } = useTranslation();
  const names = usePluginNames();
  const title = names.title(view);
  const description = names.description(view);
  const [approval, setApproval] = useState<ManifestPreview>();
  const [status, setStatus] = useState<'updated'>();
  const [refused, setRefused] = useState<ManifestIssue[]>();
  const busyRun = useBusyRun();
  const { busy, error } = busyRun;

  const run = (work: () => Promise<void>) => {
    setStatus(undefined);
    setRefused(undefined);
    return busyRun.run(work);
  };

  const update = () =>
    run(async () => {
      const outcome = await request('plugins.update', { identifier: view.identifier });
      if (outcome.kind === 'approve') setApproval(outcome.preview);
      else if (outcome.kind === 'invalid') setRefused(outcome.issues);
      else setStatus('updated');
    });

  const applyApproved = (approved: ManifestPreview) =>
    run(async () => {
      await request('plugins.install', {
        manifestUrl: approved.manifestUrl,
        manifest: approved.manifest,
        origins: approved.origins,
        replace: true,
      });
      setApproval(undefined);
      setStatus('updated');
    });

  const remove = () =>
    run(async () => {
      if (!window.confirm(t('plugins.confirmRemove', { title }))) return;
      await request('plugins.remove', { identifier: view.identifier });
    });

  return (
    <details className="provider plugin">
      <summary>
        {title}
        {view.builtin && <span className="plugin-badge">{t('plugins.builtinBadge')}</span>}
      </summary>
      {description && <p>{description}</p>}
      <p className="plugin-hint">{t(`plugins.type.${view.manifest.type}`)}</p>
      {!view.builtin && (
        <>
          <p className="plugin-hint">{view.origins.length ? t('plugins.installed.origins') : t('plugins.approval.noOrigins')}</p>
          {view.origins.length > 0 && (
            <ul className="plugin-origins">
              {view.origins.map((origin) => (
                <li key={origin} dir="ltr">
                  {inertText(origin)}
                </li>
              ))}
            </ul>
          )}
          <PluginSettingsForm view={view} title={title} />
          <ApprovalMode view={view} title={title} />
          {approval && (
            <PluginApproval
              preview={approval}
              update
              busy={busy}
              onApprove={() => void applyApproved(approval)}
              onCancel={() => setApproval(undefined)}
            />
          )}
          <div className="row">
            <button type="button" className="button" disabled={busy} onClick={() => void update()}>
              {t('plugins.update')}
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
              {t('plugins.remove')}
            </button>
          </div>
          <div aria-live="polite">{status === 'updated' && <p className="notice notice-ok">{t('plugins.updated')}</p>}</div>
          {refused && <InvalidDocument issues={refused} />}
          {error && <ErrorNotice error={error} />}
        </>
      )}
    </details>
  );
}

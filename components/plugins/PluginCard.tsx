import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, Settings2, Trash2 } from 'lucide-react';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { ManifestPreview, PluginView } from '../../lib/messaging/plugin-protocol';
import { formatList } from '../../lib/i18n/formats';
import type { ManifestIssue } from '../../lib/plugins/manifest';
import { omitsModuleUi } from '../../lib/plugins/origins';
import { settingFields } from '../../lib/plugins/settings-form';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Dialog } from '../ui/Dialog';
import { IconButton } from '../ui/IconButton';
import { Menu } from '../ui/Menu';
import { Switch } from '../ui/Switch';
import { showToast, showUndoToast } from '../ui/toast';
import { InvalidDocument } from './InvalidDocument';
import { PluginApproval } from './PluginApproval';
import { PluginAvatarView } from './PluginAvatarView';
import { PluginSettingsForm } from './PluginSettingsForm';
import { PluginTags } from './PluginTags';
import { ToolApprovalChoice } from './ToolApprovalChoice';
import { usePluginNames } from './plugin-names';
import { pluginToolsOn, useToolLimit } from './tool-limit';
import { ToolChooser } from './ToolChooser';
import { ToolLimitNotice } from './ToolLimitNotice';

/** The required settings still empty, by the names the form gives them, as one phrase of the interface language. */
function useMissingSettings(view: PluginView): string | undefined {
  const { i18n } = useTranslation();
  if (!view.missingSettings.length) return undefined;
  const fields = settingFields(view.manifest.settings);
  const names = view.missingSettings.map((key) => inertText(fields.find((f) => f.key === key)?.title ?? key));
  return formatList(i18n, names, { type: 'conjunction' });
}

/** One installed plugin in the store-like list: picture, name, what it does, its tags, on/off, and its settings in a dialog. */
export function PluginCard({ view }: { view: PluginView }) {
  const { t } = useTranslation();
  const id = useId();
  const names = usePluginNames();
  const title = names.title(view);
  const description = names.description(view);
  const missing = useMissingSettings(view);
  const limit = useToolLimit();
  const toolsOn = pluginToolsOn(view);
  const overLimit = view.enabled && limit !== undefined && toolsOn > limit;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [approval, setApproval] = useState<ManifestPreview>();
  const [refused, setRefused] = useState<ManifestIssue[]>();
  const busyRun = useBusyRun();
  const { busy, error } = busyRun;

  const run = (work: () => Promise<void>) => {
    setRefused(undefined);
    return busyRun.run(work);
  };

  const toggle = (enabled: boolean) => {
    // Off until its required settings are filled: the switch leads to them instead.
    if (enabled && missing) {
      setSettingsOpen(true);
      return;
    }
    void run(async () => {
      await request('plugins.setEnabled', { identifier: view.identifier, enabled });
    });
  };

  const update = () =>
    run(async () => {
      const outcome = await request('plugins.update', { identifier: view.identifier });
      if (outcome.kind === 'approve') setApproval(outcome.preview);
      else if (outcome.kind === 'invalid') setRefused(outcome.issues);
      else showToast({ message: t('plugins.updated'), tone: 'success' });
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
      showToast({ message: t('plugins.updated'), tone: 'success' });
    });

  const remove = () =>
    run(async () => {
      await request('plugins.remove', { identifier: view.identifier });
      showUndoToast({
        message: t('plugins.store.removed', { title }),
        onUndo: () =>
          void request('plugins.restore', { identifier: view.identifier }).catch(() =>
            showToast({ message: t('plugins.store.restoreFailed', { title }), tone: 'error' }),
          ),
      });
    });

  return (
    <li className="plugin-card" aria-labelledby={`${id}-title`}>
      <PluginAvatarView avatar={view.manifest.meta.avatar} title={title} />
      <div className="plugin-card-body">
        <p id={`${id}-title`} className="plugin-card-title" dir="auto">
          {title}
          {view.builtin && <span className="plugin-badge">{t('plugins.builtinBadge')}</span>}
        </p>
        {description && (
          <p className="plugin-card-description" dir="auto">
            {description}
          </p>
        )}
        <PluginTags tags={view.manifest.meta.tags} />
      </div>
      {!view.builtin && (
        <div className="plugin-card-actions">
          <IconButton
            label={t('plugins.store.settings', { title })}
            icon={<Settings2 size={16} />}
            disabled={busy}
            onClick={() => setSettingsOpen(true)}
          />
          <Menu
            label={t('plugins.store.more', { title })}
            items={[
              { id: 'update', label: t('plugins.update'), icon: <RefreshCw size={16} />, disabled: busy, onSelect: () => void update() },
              {
                id: 'remove',
                label: t('plugins.remove'),
                icon: <Trash2 size={16} />,
                danger: true,
                disabled: busy,
                onSelect: () => void remove(),
              },
            ]}
          />
        </div>
      )}
      {!view.builtin && (
        <div className="plugin-card-switch">
          {/* The card's title already says which plugin the switch turns on. */}
          <Switch
            labelHidden
            checked={view.enabled}
            onChange={toggle}
            label={t('plugins.store.enable', { title })}
            description={missing ? t('plugins.store.needsSettings', { fields: missing }) : undefined}
            disabled={busy}
          />
        </div>
      )}
      {(refused || error || overLimit) && (
        <div className="plugin-card-notices">
          {overLimit && <ToolLimitNotice count={toolsOn} limit={limit} />}
          {refused && <InvalidDocument issues={refused} />}
          {error && <ErrorNotice error={error} />}
        </div>
      )}
      {settingsOpen && (
        <Dialog open title={t('plugins.settings.formName', { plugin: title })} onClose={() => setSettingsOpen(false)}>
          <PluginDetails view={view} title={title} onSaved={() => setSettingsOpen(false)} />
        </Dialog>
      )}
      {approval && (
        <PluginApproval
          preview={approval}
          update
          busy={busy}
          onApprove={() => void applyApproved(approval)}
          onCancel={() => setApproval(undefined)}
        />
      )}
    </li>
  );
}

/** The settings dialog's content: what the plugin is and reaches, when it may run unasked, and its settings. */
function PluginDetails({ view, title, onSaved }: { view: PluginView; title: string; onSaved(): void }) {
  const { t } = useTranslation();
  const hasSettings = settingFields(view.manifest.settings).length > 0;
  const limit = useToolLimit();
  return (
    <div className="plugin-details">
      <p className="plugin-hint">{t(`plugins.type.${view.manifest.type}`)}</p>
      {omitsModuleUi(view.manifest) && <p className="plugin-hint">{t('plugins.omitted.module-ui')}</p>}
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
      {/* Both take effect at once, so they come before the form whose Save ends the dialog. */}
      <ToolApprovalChoice
        title={title}
        value={view.approval}
        onChoose={(approval) => request('plugins.setApproval', { identifier: view.identifier, approval })}
      />
      <ToolChooser
        owner={title}
        tools={view.manifest.api}
        saved={view.disabledTools}
        limit={limit}
        save={async (names) => (await request('plugins.setDisabledTools', { identifier: view.identifier, names })).disabledTools}
      />
      {hasSettings ? (
        <PluginSettingsForm view={view} title={title} onSaved={onSaved} />
      ) : (
        <p className="plugin-hint">{t('plugins.store.noSettings')}</p>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, Settings2, Trash2 } from 'lucide-react';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { ErrorNotice } from '../common/ErrorNotice';
import { Dialog } from '../ui/Dialog';
import { IconButton } from '../ui/IconButton';
import { Menu } from '../ui/Menu';
import { Switch } from '../ui/Switch';
import { InvalidDocument } from './InvalidDocument';
import { PluginApproval } from './PluginApproval';
import { PluginAvatarView } from './PluginAvatarView';
import { PluginDetails } from './PluginDetails';
import { PluginTags } from './PluginTags';
import { usePluginNames } from './plugin-names';
import { pluginToolsOn, useToolLimit } from './tool-limit';
import { ToolLimitNotice } from './ToolLimitNotice';
import { useMissingSettings } from './use-missing-settings';
import { usePluginActions } from './use-plugin-actions';

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
  const { busy, error, approval, refused, toggle, update, applyApproved, cancelApproval, remove } = usePluginActions(
    view,
    title,
    missing,
    () => setSettingsOpen(true),
  );

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
        <PluginApproval preview={approval} update busy={busy} onApprove={() => void applyApproved(approval)} onCancel={cancelApproval} />
      )}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { omitsModuleUi } from '../../lib/plugins/origins';
import { settingFields } from '../../lib/plugins/settings-form';
import { PluginSettingsForm } from './PluginSettingsForm';
import { ToolApprovalChoice } from './ToolApprovalChoice';
import { useToolLimit } from './tool-limit';
import { ToolChooser } from './ToolChooser';

/** The settings dialog's content: what the plugin is and reaches, when it may run unasked, and its settings. */
export function PluginDetails({ view, title, onSaved }: { view: PluginView; title: string; onSaved(): void }) {
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

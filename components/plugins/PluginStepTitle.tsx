import { useTranslation } from 'react-i18next';
import type { ToolStep } from '../../lib/core/conversation';
import { inertText } from '../../lib/core/inert-text';
import { apiNameOf, usePluginNames } from './plugin-names';
import { usePluginView } from './plugins-store';

/** "Plugin <title>: <api>" for a step a plugin ran, naming the plugin as its settings do. */
export function PluginStepTitle({ step }: { step: ToolStep }) {
  const { t } = useTranslation();
  const names = usePluginNames();
  const view = usePluginView(step.plugin);
  const plugin = view ? names.title(view) : inertText(step.plugin ?? '');
  return <>{t('chat.pluginStep', { plugin, name: apiNameOf(view?.manifest, step.call.name) })}</>;
}

import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { formatList } from '../../lib/i18n/formats';
import { settingFields } from '../../lib/plugins/settings-form';

/** The required settings still empty, by the names the form gives them, as one phrase of the interface language. */
export function useMissingSettings(view: PluginView): string | undefined {
  const { i18n } = useTranslation();
  if (!view.missingSettings.length) return undefined;
  const fields = settingFields(view.manifest.settings);
  const names = view.missingSettings.map((key) => inertText(fields.find((f) => f.key === key)?.title ?? key));
  return formatList(i18n, names, { type: 'conjunction' });
}

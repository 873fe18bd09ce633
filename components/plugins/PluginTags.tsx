import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';

/** A plugin's tags from its manifest or index, as small labels. */
export function PluginTags({ tags }: { tags: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const shown = (tags ?? []).map((tag) => tag.trim()).filter(Boolean);
  if (!shown.length) return null;
  return (
    <ul className="plugin-tags" aria-label={t('plugins.store.tags')}>
      {shown.map((tag) => (
        <li key={tag} dir="auto">
          {inertText(tag)}
        </li>
      ))}
    </ul>
  );
}

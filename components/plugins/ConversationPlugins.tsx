import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { usePluginNames } from './plugin-names';
import { startPluginsStore, usePluginsStore } from './plugins-store';
import './plugins.css';

/** Which of the enabled plugins the model may call in this conversation; none is on until the user turns it on. */
export function ConversationPlugins() {
  const { t } = useTranslation();
  const id = useId();
  const names = usePluginNames();
  const { views: all, pending, toggle } = usePluginsStore();
  // A plugin switched off in Settings, or still missing a required setting, cannot be offered to the model.
  const views = all.filter((view) => view.enabled);
  const conversation = useChatStore((s) => s.conversation);
  const enabled = new Set(conversation ? (conversation.plugins ?? []) : pending);

  useEffect(startPluginsStore, []);

  if (!views.length) return null;
  return (
    <fieldset className="conversation-plugins" aria-describedby={`${id}-hint`}>
      <legend>{t('plugins.conversation.heading')}</legend>
      <p id={`${id}-hint`} className="plugin-hint">
        {t('plugins.conversation.hint')}
      </p>
      {views.map((view) => {
        const description = names.description(view);
        return (
          <label key={view.identifier} className="plugin-toggle" title={description}>
            <input
              type="checkbox"
              checked={enabled.has(view.identifier)}
              onChange={(e) => void toggle(view.identifier, e.target.checked)}
            />
            {names.title(view)}
          </label>
        );
      })}
    </fieldset>
  );
}

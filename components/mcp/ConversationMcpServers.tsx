import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import { mcpToolsetId } from '../../lib/core/mcp';
import { useChatStore } from '../state/chat-store';
import { usePluginsStore } from '../plugins/plugins-store';
import { startMcpStore, useMcpStore } from './mcp-store';

/**
 * Which MCP servers the model may call in this conversation; none is on until the user turns it on. They share the
 * conversation's list (and the picks made before the first message) with plugins, as `mcp:<id>`.
 */
export function ConversationMcpServers() {
  const { t } = useTranslation();
  const id = useId();
  const views = useMcpStore((s) => s.views).filter((view) => view.enabled);
  const { pending, toggle } = usePluginsStore();
  const conversation = useChatStore((s) => s.conversation);
  const enabled = new Set(conversation ? (conversation.plugins ?? []) : pending);

  useEffect(startMcpStore, []);

  if (!views.length) return null;
  return (
    <fieldset className="conversation-plugins" aria-describedby={`${id}-hint`}>
      <legend>{t('mcp.conversation.heading')}</legend>
      <p id={`${id}-hint`} className="plugin-hint">
        {t('mcp.conversation.hint')}
      </p>
      {views.map((view) => (
        <label key={view.id} className="plugin-toggle" title={inertText(view.url)}>
          <input
            type="checkbox"
            checked={enabled.has(mcpToolsetId(view.id))}
            onChange={(e) => void toggle(mcpToolsetId(view.id), e.target.checked)}
          />
          {inertText(view.name)}
        </label>
      ))}
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, Settings2, Trash2 } from 'lucide-react';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { McpServerView } from '../../lib/messaging/mcp-protocol';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { IconButton } from '../ui/IconButton';
import { Switch } from '../ui/Switch';
import { showToast, showUndoToast } from '../ui/toast';
import { ToolApprovalChoice } from '../plugins/ToolApprovalChoice';
import { McpServerSettings } from './McpServerSettings';
import { McpSignIn } from './McpSignIn';
import { serverToolsOn, useToolLimit } from '../plugins/tool-limit';
import { ToolChooser } from '../plugins/ToolChooser';
import { ToolLimitNotice } from '../plugins/ToolLimitNotice';

/** No tool switched off: one array, so the chooser does not take a fresh one for a change. */
const NONE: readonly string[] = [];

/** One added MCP server: its name and address, on/off, its tools, and reading them again, its settings, removal. */
export function McpServerCard({ view }: { view: McpServerView }) {
  const { t } = useTranslation();
  const id = useId();
  const name = inertText(view.name);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { busy, error, run } = useBusyRun();
  const limit = useToolLimit();
  const toolsOn = serverToolsOn(view);
  const overLimit = view.enabled && limit !== undefined && toolsOn > limit;

  const refresh = () =>
    run(async () => {
      await request('mcp.refresh', { id: view.id });
      showToast({ message: t('mcp.refreshed', { name }), tone: 'success' });
    });

  // Undo asks the background, which alone kept the token: the panel never sees it.
  const remove = () =>
    run(async () => {
      await request('mcp.remove', { id: view.id });
      showUndoToast({
        message: t('mcp.removed', { name }),
        onUndo: () =>
          void request('mcp.restore', { id: view.id }).catch(() => showToast({ message: t('mcp.restoreFailed', { name }), tone: 'error' })),
      });
    });

  return (
    <li className="plugin-card mcp-card" aria-labelledby={`${id}-title`}>
      <div className="plugin-card-body">
        <p id={`${id}-title`} className="plugin-card-title" dir="auto">
          {name}
          {view.version && <span className="plugin-badge">{inertText(view.version)}</span>}
        </p>
        <p className="plugin-card-description plugin-url" dir="ltr">
          {inertText(view.url)}
        </p>
        {view.oauth && <McpSignIn view={view} name={name} busy={busy} run={run} />}
        <details className="mcp-tools">
          <summary>{t('mcp.tools', { n: view.tools.length })}</summary>
          <ToolChooser
            owner={name}
            tools={view.tools}
            saved={view.disabledTools ?? NONE}
            limit={limit}
            save={async (names) => (await request('mcp.setDisabledTools', { id: view.id, names })).disabledTools ?? []}
          />
        </details>
        <ToolApprovalChoice
          title={name}
          value={view.approval}
          onChoose={(approval) => request('mcp.setApproval', { id: view.id, approval })}
        />
      </div>
      <div className="plugin-card-actions">
        <IconButton label={t('mcp.refresh', { name })} icon={<RefreshCw size={16} />} disabled={busy} onClick={() => void refresh()} />
        <IconButton
          label={t('mcp.settings', { name })}
          icon={<Settings2 size={16} />}
          disabled={busy}
          onClick={() => setSettingsOpen(true)}
        />
        <IconButton label={t('mcp.remove', { name })} icon={<Trash2 size={16} />} disabled={busy} onClick={() => void remove()} />
      </div>
      <div className="plugin-card-switch">
        {/* The card's title already says which server the switch turns on. */}
        <Switch
          labelHidden
          checked={view.enabled}
          onChange={(enabled) => void run(async () => void (await request('mcp.setEnabled', { id: view.id, enabled })))}
          label={t('mcp.enable', { name })}
          disabled={busy}
        />
      </div>
      {(error || overLimit) && (
        <div className="plugin-card-notices">
          {overLimit && <ToolLimitNotice count={toolsOn} limit={limit} />}
          {error && <ErrorNotice error={error} />}
        </div>
      )}
      {settingsOpen && <McpServerSettings view={view} name={name} onClose={() => setSettingsOpen(false)} />}
    </li>
  );
}

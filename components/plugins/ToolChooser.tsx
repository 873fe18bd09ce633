import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Button } from '../ui/Button';
import { ToolLimitNotice } from './ToolLimitNotice';

export interface ChoosableTool {
  name: string;
  description?: string;
}

interface Props {
  /** The plugin's or server's name, for the list's accessible name. */
  owner: string;
  tools: readonly ChoosableTool[];
  /** Names switched off, as stored. */
  saved: readonly string[];
  /** The most tools the chosen model takes, to warn when this owner alone has more on. */
  limit?: number;
  /** Stores the names switched off; resolves with them as stored. */
  save(off: string[]): Promise<string[]>;
}

/** A long list is searched, not scrolled: thousands of rows would freeze the panel. */
const SHOWN_AT_ONCE = 100;
/** Past this many tools the list gets a search field. */
const SEARCHABLE_FROM = 10;

function matches(tool: ChoosableTool, query: string): boolean {
  return tool.name.toLowerCase().includes(query) || !!tool.description?.toLowerCase().includes(query);
}

/** Which of a plugin's or MCP server's tools the model is offered: one switch each, searchable, all on or off at once. */
export function ToolChooser({ owner, tools, saved, limit, save }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, error, run } = useBusyRun();
  // Shown at once, so a switch follows the click; put back if storing fails.
  const [off, setOff] = useState<readonly string[]>(saved);
  useEffect(() => setOff(saved), [saved]);
  const onChange = (next: string[]) => {
    setOff(next);
    void run(async () => {
      try {
        setOff(await save(next));
      } catch (e) {
        setOff(saved);
        throw e;
      }
    });
  };
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const offSet = new Set(off);
  const on = tools.filter((tool) => !offSet.has(tool.name)).length;
  const matching = deferred ? tools.filter((tool) => matches(tool, deferred)) : tools;
  const shown = matching.slice(0, SHOWN_AT_ONCE);

  const setMatching = (enabled: boolean) => {
    const names = new Set(matching.map((tool) => tool.name));
    const kept = off.filter((name) => !names.has(name));
    onChange(enabled ? kept : [...kept, ...names]);
  };
  const setOne = (name: string, enabled: boolean) => onChange(enabled ? off.filter((n) => n !== name) : [...off, name]);

  return (
    <fieldset className="tool-chooser" aria-describedby={limit !== undefined && on > limit ? `${id}-limit` : undefined}>
      <legend>{t('plugins.tools.legend', { owner, on, total: tools.length })}</legend>
      {limit !== undefined && on > limit && <ToolLimitNotice id={`${id}-limit`} count={on} limit={limit} />}
      {tools.length > SEARCHABLE_FROM && (
        <input
          type="search"
          className="plugin-source tool-chooser-filter"
          aria-label={t('plugins.tools.filter', { owner })}
          placeholder={t('plugins.tools.filterPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <div className="tool-chooser-bulk">
        <Button disabled={busy || !matching.length} onClick={() => setMatching(true)}>
          {deferred ? t('plugins.tools.matchingOn') : t('plugins.tools.allOn')}
        </Button>
        <Button disabled={busy || !matching.length} onClick={() => setMatching(false)}>
          {deferred ? t('plugins.tools.matchingOff') : t('plugins.tools.allOff')}
        </Button>
      </div>
      {deferred && !matching.length && <p className="plugin-hint">{t('plugins.tools.noMatch', { query: query.trim() })}</p>}
      <ul className="tool-chooser-list">
        {shown.map((tool) => (
          <li key={tool.name}>
            <label className="plugin-toggle">
              <input
                type="checkbox"
                checked={!offSet.has(tool.name)}
                disabled={busy}
                onChange={(e) => setOne(tool.name, e.target.checked)}
              />
              <code dir="ltr">{inertText(tool.name)}</code>
              {tool.description && (
                <span className="tool-chooser-description" dir="auto">
                  {inertText(tool.description)}
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {matching.length > shown.length && (
        <p className="plugin-hint" role="status">
          {t('plugins.tools.more', { shown: shown.length, found: matching.length })}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </fieldset>
  );
}

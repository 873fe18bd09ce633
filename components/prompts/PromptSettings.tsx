import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Copy, Download, Plus, Trash2 } from 'lucide-react';
import type { SavedPrompt } from '../../lib/core/prompts';
import { panelStarters } from './panel-starters';
import { duplicatePrompt, loadPrompts, movePrompt, savePrompts } from '../../lib/prompts/library';
import { mergePrompts, parsePromptsFile, promptsDocument, readPromptsDocument } from '../../lib/prompts/prompts-file';
import { LibraryLimitError, MAX_LIBRARY_ENTRIES, takeWhatFits } from '../../lib/prompts/library-limit';
import { formatNumber } from '../../lib/i18n/formats';
import { PROMPT_VARIABLES } from '../../lib/prompts/variables';
import { downloadJson } from '../common/download-json';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { JsonFileImport } from '../ui/JsonFileImport';
import { confirmDialog } from '../ui/confirm';
import { showToast } from '../ui/toast';
import './prompts.css';

/** Why an import or a save was refused: an unreadable file, one over the limit, or a library with no room left. */
type LibraryProblem = { key: 'importFailed' | 'full' } | { key: 'tooMany'; count: number };

/**
 * Settings › Prompt library: every prompt's title, text and whether the right-click menu offers it; add, duplicate,
 * delete and reorder. Changes are kept here until saved, so a half-written prompt never reaches the menus; an import
 * is saved at once, as choosing the file was the user's say-so.
 */
export function PromptSettings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [prompts, setPrompts] = useState<SavedPrompt[]>();
  const [incomplete, setIncomplete] = useState(false);
  const [problem, setProblem] = useState<LibraryProblem>();
  const number = (n: number) => formatNumber(i18n, n);

  useEffect(() => {
    void loadPrompts(panelStarters(i18n)).then(setPrompts);
  }, [i18n, i18n.language]);

  const change = (next: (list: SavedPrompt[]) => SavedPrompt[]) => {
    setIncomplete(false);
    setPrompts((list) => list && next(list));
  };
  const edit = (promptId: string, patch: Partial<SavedPrompt>) =>
    change((list) => list.map((p) => (p.id === promptId ? { ...p, ...patch } : p)));

  const save = async () => {
    if (!prompts) return;
    // A prompt left entirely blank is dropped; a half-filled one is a mistake to point out.
    const kept = prompts.filter((p) => p.title.trim() || p.text.trim());
    if (kept.some((p) => !p.title.trim() || !p.text.trim())) return setIncomplete(true);
    const cleaned = kept.map((p) => ({ ...p, title: p.title.trim(), text: p.text.trim() }));
    try {
      await savePrompts(cleaned);
    } catch (e) {
      if (e instanceof LibraryLimitError) return setProblem({ key: 'full' });
      throw e;
    }
    setProblem(undefined);
    setPrompts(cleaned);
    showToast({ message: t('prompts.settings.saved'), tone: 'success' });
  };

  /**
   * Adds a file's prompts to the saved library and to the list being edited, whose unsaved changes stay unsaved. When
   * only some fit the library, the user says whether to keep those.
   */
  const importFile = async (file: File) => {
    setProblem(undefined);
    let incoming: SavedPrompt[];
    try {
      incoming = readPromptsDocument(parsePromptsFile(await file.text()));
    } catch (e) {
      return setProblem(e instanceof LibraryLimitError ? { key: 'tooMany', count: e.count } : { key: 'importFailed' });
    }
    const saved = await loadPrompts(panelStarters(i18n));
    const added = mergePrompts(saved, incoming, () => crypto.randomUUID()).slice(saved.length);
    const count = Math.max(saved.length, prompts?.length ?? 0);
    const kept = await takeWhatFits(added, count, (room) =>
      confirmDialog({
        title: t('prompts.settings.partTitle'),
        message: t('prompts.settings.partMessage', {
          adding: number(added.length),
          limit: number(MAX_LIBRARY_ENTRIES),
          saved: number(count),
          room: number(room),
        }),
        confirmLabel: t('prompts.settings.partConfirm', { number: number(room) }),
      }),
    );
    if (kept === 'declined') return;
    if (kept === 'full') return setProblem({ key: 'full' });
    await savePrompts([...saved, ...kept]);
    setPrompts((list) => list && mergePrompts(list, kept, () => crypto.randomUUID()));
    showToast({ message: t('prompts.settings.imported', { number: kept.length }), tone: 'success' });
  };

  if (!prompts) return <p>{t('common.loading')}</p>;
  const full = prompts.length >= MAX_LIBRARY_ENTRIES;
  const name = (p: SavedPrompt) => p.title.trim() || t('prompts.settings.untitled');
  return (
    <div className="prompt-settings">
      <p className="settings-hint">{t('prompts.settings.intro')}</p>
      <h4 id={`${id}-variables`}>{t('prompts.settings.variables')}</h4>
      <ul className="prompt-variables" aria-labelledby={`${id}-variables`}>
        {PROMPT_VARIABLES.map((v) => (
          <li key={v}>
            <code dir="ltr">{`{{${v}}}`}</code>
          </li>
        ))}
      </ul>
      <ol className="prompt-list" aria-label={t('settings.section.prompts')}>
        {prompts.map((p, i) => (
          <li key={p.id} className="prompt-item">
            <label htmlFor={`${id}-${p.id}-title`}>{t('prompts.settings.title')}</label>
            <input id={`${id}-${p.id}-title`} dir="auto" value={p.title} onChange={(e) => edit(p.id, { title: e.target.value })} />
            <label htmlFor={`${id}-${p.id}-text`}>{t('prompts.settings.text')}</label>
            <textarea id={`${id}-${p.id}-text`} dir="auto" rows={4} value={p.text} onChange={(e) => edit(p.id, { text: e.target.value })} />
            <div className="prompt-item-row">
              <label className="prompt-in-menu">
                <input type="checkbox" checked={p.inMenu} onChange={(e) => edit(p.id, { inMenu: e.target.checked })} />
                {t('prompts.settings.inMenu')}
              </label>
              <span className="prompt-item-tools">
                <IconButton
                  size="sm"
                  icon={<ArrowUp size={16} />}
                  label={t('prompts.settings.moveUp', { title: name(p) })}
                  disabled={i === 0}
                  onClick={() => change((list) => movePrompt(list, p.id, -1))}
                />
                <IconButton
                  size="sm"
                  icon={<ArrowDown size={16} />}
                  label={t('prompts.settings.moveDown', { title: name(p) })}
                  disabled={i === prompts.length - 1}
                  onClick={() => change((list) => movePrompt(list, p.id, 1))}
                />
                <IconButton
                  size="sm"
                  icon={<Copy size={16} />}
                  label={t('prompts.settings.duplicate', { title: name(p) })}
                  disabled={full}
                  onClick={() =>
                    change((list) =>
                      duplicatePrompt(list, p.id, crypto.randomUUID(), (title) => t('prompts.settings.copyTitle', { title })),
                    )
                  }
                />
                <IconButton
                  size="sm"
                  variant="danger"
                  icon={<Trash2 size={16} />}
                  label={t('prompts.settings.remove', { title: name(p) })}
                  onClick={() => change((list) => list.filter((q) => q.id !== p.id))}
                />
              </span>
            </div>
          </li>
        ))}
      </ol>
      <div className="settings-actions">
        <Button
          icon={<Plus size={16} />}
          disabled={full}
          onClick={() => change((list) => [...list, { id: crypto.randomUUID(), title: '', text: '', inMenu: false }])}
        >
          {t('prompts.settings.add')}
        </Button>
        <Button variant="primary" onClick={() => void save()}>
          {t('prompts.settings.save')}
        </Button>
      </div>
      <div className="settings-actions">
        <Button icon={<Download size={16} />} onClick={() => downloadJson(promptsDocument(prompts), 'parley-prompts')}>
          {t('prompts.settings.export')}
        </Button>
        <JsonFileImport
          label={t('prompts.settings.import')}
          fileLabel={t('prompts.settings.importFile')}
          onFile={(file) => void importFile(file)}
        />
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem.key === 'tooMany'
            ? t('prompts.settings.tooMany', { found: number(problem.count), limit: number(MAX_LIBRARY_ENTRIES) })
            : t(`prompts.settings.${problem.key}`, { limit: number(MAX_LIBRARY_ENTRIES) })}
        </p>
      ) : (
        full && <p className="settings-hint">{t('prompts.settings.full', { limit: number(MAX_LIBRARY_ENTRIES) })}</p>
      )}
      {incomplete && (
        <p className="notice notice-error" role="alert">
          {t('prompts.settings.incomplete')}
        </p>
      )}
    </div>
  );
}

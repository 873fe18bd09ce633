import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedPrompt } from '../../lib/core/prompts';
import { panelStarters } from './panel-starters';
import { duplicatePrompt, loadPrompts, movePrompt, savePrompts } from '../../lib/prompts/library';
import { mergePrompts, promptsDocument, readPromptsDocument } from '../../lib/prompts/prompts-file';
import { MAX_LIBRARY_ENTRIES } from '../../lib/prompts/library-limit';
import { formatNumber } from '../../lib/i18n/formats';
import { PROMPT_VARIABLES } from '../../lib/prompts/variables';
import { downloadJson } from '../common/download-json';
import { showToast } from '../ui/toast';
import { LibraryActions } from './LibraryActions';
import { PromptItem } from './PromptItem';
import { savedWithinLimit, useLibraryImport, type LibraryProblem } from './use-library-import';
import './prompts.css';

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

  useEffect(() => {
    void loadPrompts(panelStarters(i18n)).then(setPrompts);
  }, [i18n, i18n.language]);

  const change = (next: (list: SavedPrompt[]) => SavedPrompt[]) => {
    setIncomplete(false);
    setPrompts((list) => list && next(list));
  };

  const save = async () => {
    if (!prompts) return;
    // A prompt left entirely blank is dropped; a half-filled one is a mistake to point out.
    const kept = prompts.filter((p) => p.title.trim() || p.text.trim());
    if (kept.some((p) => !p.title.trim() || !p.text.trim())) return setIncomplete(true);
    const cleaned = kept.map((p) => ({ ...p, title: p.title.trim(), text: p.text.trim() }));
    if (!(await savedWithinLimit(savePrompts, cleaned))) return setProblem({ key: 'full' });
    setProblem(undefined);
    setPrompts(cleaned);
    showToast({ message: t('prompts.settings.saved'), tone: 'success' });
  };

  const importFile = useLibraryImport({
    library: 'prompts',
    read: readPromptsDocument,
    loadSaved: () => loadPrompts(panelStarters(i18n)),
    merge: mergePrompts,
    save: savePrompts,
    edited: prompts?.length ?? 0,
    onProblem: setProblem,
    onImported: (kept) => setPrompts((list) => list && mergePrompts(list, kept, () => crypto.randomUUID())),
  });

  if (!prompts) return <p>{t('common.loading')}</p>;
  const full = prompts.length >= MAX_LIBRARY_ENTRIES;
  const limit = formatNumber(i18n, MAX_LIBRARY_ENTRIES);
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
          <PromptItem
            key={p.id}
            prompt={p}
            first={i === 0}
            last={i === prompts.length - 1}
            full={full}
            onEdit={(patch) => change((list) => list.map((q) => (q.id === p.id ? { ...q, ...patch } : q)))}
            onMove={(by) => change((list) => movePrompt(list, p.id, by))}
            onDuplicate={() =>
              change((list) => duplicatePrompt(list, p.id, crypto.randomUUID(), (title) => t('prompts.settings.copyTitle', { title })))
            }
            onRemove={() => change((list) => list.filter((q) => q.id !== p.id))}
          />
        ))}
      </ol>
      <LibraryActions
        library="prompts"
        full={full}
        problem={
          problem &&
          (problem.key === 'tooMany'
            ? t('prompts.settings.tooMany', { found: formatNumber(i18n, problem.count), limit })
            : t(`prompts.settings.${problem.key}`, { limit }))
        }
        onAdd={() => change((list) => [...list, { id: crypto.randomUUID(), title: '', text: '', inMenu: false }])}
        onSave={() => void save()}
        onExport={() => downloadJson(promptsDocument(prompts), 'parley-prompts')}
        onImport={(file) => void importFile(file)}
      />
      {incomplete && (
        <p className="notice notice-error" role="alert">
          {t('prompts.settings.incomplete')}
        </p>
      )}
    </div>
  );
}

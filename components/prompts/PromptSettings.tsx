import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Copy, Download, Plus, Trash2 } from 'lucide-react';
import type { SavedPrompt } from '../../lib/core/prompts';
import { panelStarters } from './panel-starters';
import { duplicatePrompt, loadPrompts, movePrompt, savePrompts } from '../../lib/prompts/library';
import {
  MAX_PROMPTS_FILE_BYTES,
  mergePrompts,
  parsePromptsFile,
  promptsDocument,
  readPromptsDocument,
} from '../../lib/prompts/prompts-file';
import { PROMPT_VARIABLES } from '../../lib/prompts/variables';
import { downloadJson } from '../history/history-actions';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { JsonFileImport } from '../ui/JsonFileImport';
import { showToast } from '../ui/toast';
import './prompts.css';

/**
 * Settings › Prompt library: every prompt's title, text and whether the right-click menu offers it; add, duplicate,
 * delete and reorder. Changes are kept here until saved, so a half-written prompt never reaches the menus.
 */
export function PromptSettings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [prompts, setPrompts] = useState<SavedPrompt[]>();
  const [incomplete, setIncomplete] = useState(false);
  const [importFailed, setImportFailed] = useState(false);

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
    await savePrompts(cleaned);
    setPrompts(cleaned);
    showToast({ message: t('prompts.settings.saved'), tone: 'success' });
  };

  /** Adds a file's prompts to the list being edited; like any other change, they are kept once saved. */
  const importFile = async (file: File) => {
    setImportFailed(false);
    try {
      if (file.size > MAX_PROMPTS_FILE_BYTES) throw new RangeError('too large');
      const incoming = readPromptsDocument(parsePromptsFile(await file.text()));
      const before = prompts?.length ?? 0;
      const merged = mergePrompts(prompts ?? [], incoming, () => crypto.randomUUID());
      change(() => merged);
      showToast({ message: t('prompts.settings.imported', { number: merged.length - before }), tone: 'success' });
    } catch {
      setImportFailed(true);
    }
  };

  if (!prompts) return <p>{t('common.loading')}</p>;
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
      {importFailed && (
        <p className="notice notice-error" role="alert">
          {t('prompts.settings.importFailed')}
        </p>
      )}
      {incomplete && (
        <p className="notice notice-error" role="alert">
          {t('prompts.settings.incomplete')}
        </p>
      )}
    </div>
  );
}

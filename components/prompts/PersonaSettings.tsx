import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Persona } from '../../lib/core/prompts';
import { parseTemperature, savePersonas } from '../../lib/prompts/personas';
import { mergePersonas, promptsDocument, readPersonasDocument } from '../../lib/prompts/prompts-file';
import { MAX_LIBRARY_ENTRIES } from '../../lib/prompts/library-limit';
import { formatNumber } from '../../lib/i18n/formats';
import { downloadJson } from '../common/download-json';
import { useEngineVoices } from '../speech/use-engine-voices';
import { useSpeechSettings } from '../speech/use-speech-settings';
import { showToast } from '../ui/toast';
import { LibraryActions } from './LibraryActions';
import { PersonaItem, type Draft } from './PersonaItem';
import { savedWithinLimit, useLibraryImport, type LibraryProblem } from './use-library-import';
import { loadPersonaList, loadPersonas, saveDefaultPersona } from './use-personas';
import './prompts.css';

const toDraft = (p: Persona): Draft => ({ ...p, temperature: p.temperature === undefined ? '' : String(p.temperature) });

/** A persona as edited, in its saved shape: a temperature that is not yet a valid number is left out. */
function toPersonaShape({ temperature, model, voice, ...p }: Draft): Persona {
  const parsed = parseTemperature(temperature);
  return {
    ...p,
    ...(model ? { model } : {}),
    ...(parsed === undefined || Number.isNaN(parsed) ? {} : { temperature: parsed }),
    ...(voice ? { voice } : {}),
  };
}

/**
 * Settings › Personas: each persona's name, system prompt, model, temperature and voice, and the default for new chats.
 * Changes are kept here until saved; an import is saved at once, as choosing the file was the user's say-so.
 */
export function PersonaSettings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [speech] = useSpeechSettings();
  const voiceGroups = useEngineVoices(speech);
  const [drafts, setDrafts] = useState<Draft[]>();
  const [defaultId, setDefaultId] = useState<string>();
  const [problem, setProblem] = useState<LibraryProblem | { key: 'incomplete' | 'badTemperature' }>();

  useEffect(() => {
    void loadPersonaList().then(({ personas, defaultId: saved }) => {
      setDrafts(personas.map(toDraft));
      setDefaultId(saved);
    });
  }, []);

  const edit = (personaId: string, patch: Partial<Draft>) => {
    setProblem(undefined);
    setDrafts((list) => list?.map((p) => (p.id === personaId ? { ...p, ...patch } : p)));
  };

  const save = async () => {
    if (!drafts) return;
    const kept = drafts.filter((p) => p.name.trim() || p.systemPrompt.trim());
    if (kept.some((p) => !p.name.trim() || !p.systemPrompt.trim())) return setProblem({ key: 'incomplete' });
    if (kept.some((p) => Number.isNaN(parseTemperature(p.temperature)))) return setProblem({ key: 'badTemperature' });
    const personas = kept.map((p) => toPersonaShape({ ...p, name: p.name.trim(), systemPrompt: p.systemPrompt.trim() }));
    const keptDefault = personas.some((p) => p.id === defaultId) ? defaultId : undefined;
    if (!(await savedWithinLimit(savePersonas, personas))) return setProblem({ key: 'full' });
    await saveDefaultPersona(keptDefault);
    setDrafts(kept);
    setDefaultId(keptDefault);
    showToast({ message: t('personas.settings.saved'), tone: 'success' });
  };

  const importFile = useLibraryImport({
    library: 'personas',
    read: readPersonasDocument,
    loadSaved: loadPersonas,
    merge: mergePersonas,
    save: savePersonas,
    edited: drafts?.length ?? 0,
    onProblem: setProblem,
    onImported: (kept) =>
      setDrafts((list = []) => [
        ...list,
        ...mergePersonas(list.map(toPersonaShape), kept, () => crypto.randomUUID())
          .slice(list.length)
          .map(toDraft),
      ]),
  });

  /** The saved form of the personas as edited, for export: a temperature not yet valid is left out. */
  const exportable = (): Persona[] => (drafts ?? []).filter((p) => p.name.trim() && p.systemPrompt.trim()).map(toPersonaShape);

  if (!drafts) return <p>{t('common.loading')}</p>;
  return (
    <div className="prompt-settings">
      <p className="settings-hint">{t('personas.settings.intro')}</p>
      <ol className="prompt-list" aria-label={t('settings.section.personas')}>
        {drafts.map((p) => (
          <PersonaItem
            key={p.id}
            persona={p}
            radioGroup={`${id}-default`}
            isDefault={defaultId === p.id}
            speech={speech}
            voiceGroups={voiceGroups}
            onEdit={(patch) => edit(p.id, patch)}
            onDefault={(on) => setDefaultId(on ? p.id : undefined)}
            onRemove={() => {
              setProblem(undefined);
              setDrafts((list) => list?.filter((q) => q.id !== p.id));
            }}
          />
        ))}
      </ol>
      <LibraryActions
        library="personas"
        full={drafts.length >= MAX_LIBRARY_ENTRIES}
        problem={
          problem &&
          t(`personas.settings.${problem.key}`, {
            found: formatNumber(i18n, problem.key === 'tooMany' ? problem.count : 0),
            limit: formatNumber(i18n, MAX_LIBRARY_ENTRIES),
          })
        }
        onAdd={() => setDrafts((list) => [...(list ?? []), { id: crypto.randomUUID(), name: '', systemPrompt: '', temperature: '' }])}
        onSave={() => void save()}
        onExport={() => downloadJson(promptsDocument([], new Date(), exportable()), 'parley-personas')}
        onImport={(file) => void importFile(file)}
      />
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Plus, Trash2 } from 'lucide-react';
import type { Persona } from '../../lib/core/prompts';
import { parseTemperature, savePersonas } from '../../lib/prompts/personas';
import { mergePersonas, parsePromptsFile, promptsDocument, readPersonasDocument } from '../../lib/prompts/prompts-file';
import { LibraryLimitError, MAX_LIBRARY_ENTRIES, takeWhatFits } from '../../lib/prompts/library-limit';
import { formatNumber } from '../../lib/i18n/formats';
import { downloadJson } from '../common/download-json';
import { getPref, setPref } from '../../lib/storage/prefs';
import { useProviderName } from '../chat/use-provider-name';
import { useProvidersStore } from '../state/providers-store';
import { useEngineVoices } from '../speech/use-engine-voices';
import { useSpeechSettings } from '../speech/use-speech-settings';
import { VoiceSelect } from '../speech/VoiceSelect';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { JsonFileImport } from '../ui/JsonFileImport';
import { confirmDialog } from '../ui/confirm';
import { showToast } from '../ui/toast';
import './prompts.css';

/** A persona as edited: the temperature stays text until saved, so a half-typed "0." is not rejected. */
type Draft = Omit<Persona, 'temperature'> & { temperature: string };

const toDraft = (p: Persona): Draft => ({ ...p, temperature: p.temperature === undefined ? '' : String(p.temperature) });

const SEPARATOR = '\u0000';
/** The voice field's value for a voice of an engine other than the speech settings' one: kept until another is chosen. */
const KEPT = '\u0000kept';

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
  const groups = useProvidersStore((s) => s.groups);
  const providerName = useProviderName();
  const [speech] = useSpeechSettings();
  const voiceGroups = useEngineVoices(speech);
  const [drafts, setDrafts] = useState<Draft[]>();
  const [defaultId, setDefaultId] = useState<string>();
  const [problem, setProblem] = useState<'incomplete' | 'badTemperature' | 'importFailed' | 'full' | 'tooMany'>();
  /** How many personas the file refused as 'tooMany' held. */
  const [found, setFound] = useState(0);
  const number = (n: number) => formatNumber(i18n, n);

  useEffect(() => {
    void Promise.all([getPref('personas'), getPref('defaultPersonaId')]).then(([personas, saved]) => {
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
    if (kept.some((p) => !p.name.trim() || !p.systemPrompt.trim())) return setProblem('incomplete');
    const personas: Persona[] = [];
    for (const { temperature, model, voice, ...p } of kept) {
      const parsed = parseTemperature(temperature);
      if (Number.isNaN(parsed)) return setProblem('badTemperature');
      personas.push({
        ...p,
        name: p.name.trim(),
        systemPrompt: p.systemPrompt.trim(),
        ...(model ? { model } : {}),
        ...(parsed === undefined ? {} : { temperature: parsed }),
        ...(voice ? { voice } : {}),
      });
    }
    const keptDefault = personas.some((p) => p.id === defaultId) ? defaultId : undefined;
    try {
      await savePersonas(personas);
    } catch (e) {
      if (e instanceof LibraryLimitError) return setProblem('full');
      throw e;
    }
    await setPref('defaultPersonaId', keptDefault);
    setDrafts(kept);
    setDefaultId(keptDefault);
    showToast({ message: t('personas.settings.saved'), tone: 'success' });
  };

  /**
   * Adds a file's personas to the saved ones and to the list being edited, whose unsaved changes stay unsaved. When
   * only some fit, the user says whether to keep those.
   */
  const importFile = async (file: File) => {
    setProblem(undefined);
    let incoming: Persona[];
    try {
      incoming = readPersonasDocument(parsePromptsFile(await file.text()));
    } catch (e) {
      if (!(e instanceof LibraryLimitError)) return setProblem('importFailed');
      setFound(e.count);
      return setProblem('tooMany');
    }
    const saved = await getPref('personas');
    const added = mergePersonas(saved, incoming, () => crypto.randomUUID()).slice(saved.length);
    const count = Math.max(saved.length, drafts?.length ?? 0);
    const kept = await takeWhatFits(added, count, (room) =>
      confirmDialog({
        title: t('personas.settings.partTitle'),
        message: t('personas.settings.partMessage', {
          adding: number(added.length),
          limit: number(MAX_LIBRARY_ENTRIES),
          saved: number(count),
          room: number(room),
        }),
        confirmLabel: t('personas.settings.partConfirm', { number: number(room) }),
      }),
    );
    if (kept === 'declined') return;
    if (kept === 'full') return setProblem('full');
    await savePersonas([...saved, ...kept]);
    setDrafts((list = []) => [
      ...list,
      ...mergePersonas(list.map(toPersonaShape), kept, () => crypto.randomUUID())
        .slice(list.length)
        .map(toDraft),
    ]);
    showToast({ message: t('personas.settings.imported', { number: kept.length }), tone: 'success' });
  };

  /** The saved form of the personas as edited, for export: a temperature not yet valid is left out. */
  const exportable = (): Persona[] => (drafts ?? []).filter((p) => p.name.trim() && p.systemPrompt.trim()).map(toPersonaShape);

  if (!drafts) return <p>{t('common.loading')}</p>;
  const full = drafts.length >= MAX_LIBRARY_ENTRIES;
  return (
    <div className="prompt-settings">
      <p className="settings-hint">{t('personas.settings.intro')}</p>
      <ol className="prompt-list" aria-label={t('settings.section.personas')}>
        {drafts.map((p) => {
          const field = (name: string) => `${id}-${p.id}-${name}`;
          return (
            <li key={p.id} className="prompt-item">
              <label htmlFor={field('name')}>{t('personas.settings.name')}</label>
              <input id={field('name')} dir="auto" value={p.name} onChange={(e) => edit(p.id, { name: e.target.value })} />
              <label htmlFor={field('system')}>{t('personas.settings.systemPrompt')}</label>
              <textarea
                id={field('system')}
                dir="auto"
                rows={4}
                value={p.systemPrompt}
                onChange={(e) => edit(p.id, { systemPrompt: e.target.value })}
              />
              <label htmlFor={field('model')}>{t('personas.settings.model')}</label>
              <select
                id={field('model')}
                value={p.model ? `${p.model.providerId}${SEPARATOR}${p.model.model}` : ''}
                onChange={(e) => {
                  const [providerId, model] = e.target.value.split(SEPARATOR);
                  edit(p.id, { model: providerId && model ? { providerId, model } : undefined });
                }}
              >
                <option value="">{t('personas.settings.anyModel')}</option>
                {groups.map((g) => (
                  <optgroup key={g.providerId} label={providerName(g.provider)}>
                    {g.models.map((m) => (
                      <option key={m.id} value={`${g.providerId}${SEPARATOR}${m.id}`}>
                        {m.label ?? m.id}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <label htmlFor={field('temperature')}>{t('personas.settings.temperature')}</label>
              <input
                id={field('temperature')}
                inputMode="decimal"
                dir="ltr"
                value={p.temperature}
                onChange={(e) => edit(p.id, { temperature: e.target.value })}
              />
              <label htmlFor={field('voice')}>{t('personas.settings.voice')}</label>
              <VoiceSelect
                id={field('voice')}
                value={p.voice && speech?.engine === p.voice.engine ? p.voice.voice : p.voice ? KEPT : ''}
                groups={voiceGroups ?? []}
                onChange={(voice) => {
                  if (voice === KEPT || !speech) return;
                  edit(p.id, { voice: voice ? { engine: speech.engine, voice } : undefined });
                }}
              >
                <option value="">{t('personas.settings.settingsVoice')}</option>
                {p.voice && speech && p.voice.engine !== speech.engine && (
                  <option value={KEPT}>{t('personas.settings.otherEngineVoice', { voice: p.voice.voice })}</option>
                )}
              </VoiceSelect>
              <div className="prompt-item-row">
                <label className="prompt-in-menu">
                  <input
                    type="radio"
                    name={`${id}-default`}
                    checked={defaultId === p.id}
                    onChange={() => setDefaultId(p.id)}
                    onClick={() => defaultId === p.id && setDefaultId(undefined)}
                  />
                  {t('personas.settings.default')}
                </label>
                <IconButton
                  size="sm"
                  variant="danger"
                  icon={<Trash2 size={16} />}
                  label={t('personas.settings.remove', { name: p.name.trim() || t('personas.settings.untitled') })}
                  onClick={() => {
                    setProblem(undefined);
                    setDrafts((list) => list?.filter((q) => q.id !== p.id));
                  }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="settings-actions">
        <Button
          icon={<Plus size={16} />}
          disabled={full}
          onClick={() => setDrafts((list) => [...(list ?? []), { id: crypto.randomUUID(), name: '', systemPrompt: '', temperature: '' }])}
        >
          {t('personas.settings.add')}
        </Button>
        <Button variant="primary" onClick={() => void save()}>
          {t('personas.settings.save')}
        </Button>
      </div>
      <div className="settings-actions">
        <Button
          icon={<Download size={16} />}
          onClick={() => downloadJson(promptsDocument([], new Date(), exportable()), 'parley-personas')}
        >
          {t('personas.settings.export')}
        </Button>
        <JsonFileImport
          label={t('personas.settings.import')}
          fileLabel={t('personas.settings.importFile')}
          onFile={(file) => void importFile(file)}
        />
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {t(`personas.settings.${problem}`, { found: number(found), limit: number(MAX_LIBRARY_ENTRIES) })}
        </p>
      ) : (
        full && <p className="settings-hint">{t('personas.settings.full', { limit: number(MAX_LIBRARY_ENTRIES) })}</p>
      )}
    </div>
  );
}

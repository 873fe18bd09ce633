import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import type { SpeechKeys } from '../../lib/messaging/speech-protocol';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import { formatNumber } from '../../lib/i18n/formats';
import { localeOfLanguage, type LocaleCode } from '../../lib/i18n/languages';
import {
  OPENAI_AUDIO_FORMATS,
  PITCH_RANGE,
  RATE_RANGE,
  TRANSCRIPTION_MODELS,
  pickerLocale,
  type SpeechSettings as Settings,
  type VoiceChoice,
} from '../../lib/speech/speech-settings';
import { voiceFor } from '../../lib/speech/voice-for';
import { OPENAI_TTS_MODELS } from '../../lib/speech/voices';
import { LocaleOptions } from '../settings/LanguagePicker';
import { showToast } from '../ui/toast';
import { useProvidersStore } from '../state/providers-store';
import { panelEngine } from './panel-engines';
import { SpeechErrorNotice } from './SpeechErrorNotice';
import { useSpeechSettings } from './use-speech-settings';
import { useEngineVoices } from './use-engine-voices';
import { VoicePicker } from './VoicePicker';
import './speech.css';

type Family = 'browser' | 'microsoft' | 'openai';
const familyOf = (engine: SpeechEngineId): Family => (engine === 'azure' || engine === 'edge' ? 'microsoft' : engine);

/** A text field that saves when left, so a half-typed URL is never stored (nor "corrected" while typed). */
function CommitInput({
  value,
  onCommit,
  ...rest
}: { value: string; onCommit(value: string): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <input
      {...rest}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text !== value && onCommit(text.trim())}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

/** A slider whose value is shown, and announced, as a percentage. */
function PercentRange({
  id,
  range,
  value,
  disabled,
  onChange,
}: {
  id: string;
  range: { min: number; max: number; step: number };
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  const { i18n } = useTranslation();
  const text = formatNumber(i18n, value, { style: 'percent' });
  return (
    <span className="speech-range">
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id}>{text}</output>
    </span>
  );
}

/** A labelled list of values shown as they are: model names and audio formats, the same in every language. */
function ValueField<T extends string>({
  id,
  label,
  value,
  values,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: T;
  values: readonly T[];
  onChange(value: T): void;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}

/** Voices, speed, pitch and keys for each engine, a preview, auto-read and dictation. */
export function SpeechSettings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [settings, update] = useSpeechSettings();
  const providers = useProvidersStore((s) => s.providers).filter((p) => p.kind === 'openai' || p.kind === 'openai-compatible');
  const voiceGroups = useEngineVoices(settings);
  const [keys, setKeys] = useState<SpeechKeys>();
  const [typedKeys, setTypedKeys] = useState<{ openai?: string; azure?: string }>({});
  const [keyError, setKeyError] = useState<ChatError>();
  const [preview, setPreview] = useState<{ playing: boolean; error?: ChatError }>({ playing: false });
  const previewStop = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    request('speech.keys', {}).then(setKeys, () => undefined);
    return () => previewStop.current?.abort();
  }, []);

  if (!settings) return null;
  const engine = settings.engine;
  const family = familyOf(engine);
  const choice = settings.voices[engine];
  const interfaceLocale = localeOfLanguage(i18n.language) ?? 'en-US';
  const listLocale = pickerLocale(settings, i18n.language);

  const setEngine = (next: SpeechEngineId) => update((s) => ({ ...s, engine: next }));
  const setChoice = (patch: Partial<VoiceChoice>) =>
    update((s) => ({ ...s, voices: { ...s.voices, [s.engine]: { ...s.voices[s.engine], ...patch } } }));
  const set = <K extends 'openai' | 'azure' | 'edge' | 'dictation'>(key: K, patch: Partial<Settings[K]>) =>
    update((s) => ({ ...s, [key]: { ...s[key], ...patch } }));

  const saveKey = async (which: 'openai' | 'azure') => {
    setKeyError(undefined);
    try {
      setKeys(await request('speech.saveKeys', { [which]: typedKeys[which] ?? '' }));
      setTypedKeys((k) => ({ ...k, [which]: undefined }));
      showToast({ message: t('speech.settings.keySaved'), tone: 'success' });
    } catch (error) {
      setKeyError(toChatError(error));
    }
  };

  const togglePreview = async () => {
    if (previewStop.current) {
      previewStop.current.abort();
      return;
    }
    const controller = new AbortController();
    previewStop.current = controller;
    setPreview({ playing: true });
    const voice = voiceFor(settings, engine, { fallbackLocale: interfaceLocale });
    try {
      await panelEngine(engine, i18n.language).speak(t('speech.settings.previewText'), { ...voice, signal: controller.signal });
      setPreview({ playing: false });
    } catch (error) {
      setPreview({ playing: false, error: toChatError(error) });
    } finally {
      if (previewStop.current === controller) previewStop.current = undefined;
    }
  };

  const keyFromProvider =
    settings.openai.keySource !== 'own' && (settings.openai.keySource !== 'auto' || providers.some((p) => p.kind === 'openai'));
  // Shown with the OpenAI voice, or else with dictation, which may transcribe through OpenAI.
  const openaiAccess = (
    <OpenAIAccessFields
      settings={settings}
      providers={providers}
      keySet={!!keys?.openai}
      typed={typedKeys.openai}
      onType={(openai) => setTypedKeys((k) => ({ ...k, openai }))}
      onSaveKey={() => void saveKey('openai')}
      onChange={(patch) => set('openai', patch)}
      showOwnKey={!keyFromProvider}
    />
  );

  return (
    <div className="speech-settings">
      <fieldset>
        <legend>{t('speech.settings.voices')}</legend>
        {(['browser', 'microsoft', 'openai'] as const).map((f) => (
          <label key={f} className="field-inline">
            <input type="radio" name={`${id}-family`} checked={family === f} onChange={() => setEngine(f === 'microsoft' ? 'edge' : f)} />
            {t(`speech.settings.family.${f}`)}
          </label>
        ))}
        {family === 'microsoft' && (
          <div className="field">
            <label htmlFor={`${id}-service`}>{t('speech.settings.microsoftService')}</label>
            <select id={`${id}-service`} value={engine} onChange={(e) => setEngine(e.target.value as 'edge' | 'azure')}>
              <option value="edge">{t('speech.settings.service.edge')}</option>
              <option value="azure">{t('speech.settings.service.azure')}</option>
            </select>
          </div>
        )}

        {voiceGroups && !voiceGroups.length ? (
          <p className="speech-hint">{t('speech.settings.noBrowserVoices')}</p>
        ) : (
          <VoicePicker
            key={engine}
            groups={voiceGroups ?? []}
            value={choice.voice}
            locale={choice.locale ?? listLocale}
            allowDefault={engine === 'browser'}
            onChange={(voice, locale) => setChoice({ voice, ...(locale ? { locale } : {}) })}
          />
        )}

        <div className="field">
          <label htmlFor={`${id}-rate`}>{t('speech.settings.rate')}</label>
          <PercentRange id={`${id}-rate`} range={RATE_RANGE} value={choice.rate} onChange={(rate) => setChoice({ rate })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-pitch`}>{t('speech.settings.pitch')}</label>
          <PercentRange
            id={`${id}-pitch`}
            range={PITCH_RANGE}
            value={choice.pitch}
            disabled={engine === 'openai'}
            onChange={(pitch) => setChoice({ pitch })}
          />
          {engine === 'openai' && <p className="speech-hint">{t('speech.settings.noPitch')}</p>}
        </div>
        <div className="row">
          <button type="button" className="button" onClick={() => void togglePreview()}>
            {preview.playing ? t('speech.settings.stopPreview') : t('speech.settings.preview')}
          </button>
        </div>
        {preview.error && <SpeechErrorNotice error={preview.error} />}
      </fieldset>

      {engine === 'openai' && (
        <fieldset>
          <legend>{t('speech.settings.openaiTitle')}</legend>
          {openaiAccess}
          <ValueField
            id={`${id}-tts-model`}
            label={t('speech.settings.speechModel')}
            value={settings.openai.model}
            values={OPENAI_TTS_MODELS}
            onChange={(model) => set('openai', { model })}
          />
          <ValueField
            id={`${id}-format`}
            label={t('speech.settings.audioFormat')}
            value={settings.openai.format}
            values={OPENAI_AUDIO_FORMATS}
            onChange={(format) => set('openai', { format })}
          />
        </fieldset>
      )}

      {engine === 'azure' && (
        <fieldset>
          <legend>{t('speech.settings.azureTitle')}</legend>
          <div className="field">
            <label htmlFor={`${id}-region`}>{t('speech.settings.azureRegion')}</label>
            <CommitInput
              id={`${id}-region`}
              dir="ltr"
              spellCheck={false}
              value={settings.azure.region}
              onCommit={(region) => set('azure', { region })}
            />
          </div>
          <KeyField
            label={t('speech.settings.azureKey')}
            keySet={!!keys?.azure}
            typed={typedKeys.azure}
            onType={(azure) => setTypedKeys((k) => ({ ...k, azure }))}
            onSave={() => void saveKey('azure')}
          />
          <div className="field">
            <label htmlFor={`${id}-azure-endpoint`}>{t('speech.settings.azureEndpoint')}</label>
            <CommitInput
              id={`${id}-azure-endpoint`}
              type="url"
              dir="ltr"
              spellCheck={false}
              value={settings.azure.endpoint}
              onCommit={(endpoint) => set('azure', { endpoint })}
            />
            <p className="speech-hint">{t('speech.settings.azureEndpointHint')}</p>
          </div>
        </fieldset>
      )}

      {engine === 'edge' && (
        <fieldset>
          <legend>{t('speech.settings.edgeTitle')}</legend>
          <p className="speech-hint">{t('speech.settings.edgeHint')}</p>
          <div className="field">
            <label htmlFor={`${id}-edge-endpoint`}>{t('speech.settings.edgeEndpoint')}</label>
            <CommitInput
              id={`${id}-edge-endpoint`}
              type="url"
              dir="ltr"
              spellCheck={false}
              value={settings.edge.endpoint}
              onCommit={(endpoint) => set('edge', { endpoint })}
            />
          </div>
        </fieldset>
      )}
      {keyError && <SpeechErrorNotice error={keyError} />}

      <label className="field-inline">
        <input type="checkbox" checked={settings.autoRead} onChange={(e) => update((s) => ({ ...s, autoRead: e.target.checked }))} />
        {t('speech.settings.autoRead')}
      </label>

      <fieldset>
        <legend>{t('speech.settings.dictationTitle')}</legend>
        <div className="field">
          <label htmlFor={`${id}-dictation`}>{t('speech.settings.dictationEngine')}</label>
          <select
            id={`${id}-dictation`}
            value={settings.dictation.engine}
            onChange={(e) => set('dictation', { engine: e.target.value as 'browser' | 'openai' })}
          >
            <option value="browser">{t('speech.settings.dictationBrowser')}</option>
            <option value="openai">{t('speech.settings.dictationOpenAI')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-dictation-language`}>{t('speech.settings.dictationLanguage')}</label>
          <select
            id={`${id}-dictation-language`}
            value={settings.dictation.locale}
            onChange={(e) => set('dictation', { locale: e.target.value as LocaleCode | '' })}
          >
            <option value="">{t('speech.settings.interfaceLanguage')}</option>
            <LocaleOptions />
          </select>
        </div>
        <ValueField
          id={`${id}-transcription`}
          label={t('speech.settings.transcriptionModel')}
          value={settings.dictation.model}
          values={TRANSCRIPTION_MODELS}
          onChange={(model) => set('dictation', { model })}
        >
          <p className="speech-hint">{t('speech.settings.transcriptionHint')}</p>
        </ValueField>
        {engine !== 'openai' && openaiAccess}
      </fieldset>
    </div>
  );
}

function KeyField({
  label,
  keySet,
  typed,
  onType,
  onSave,
}: {
  label: string;
  keySet: boolean;
  typed?: string;
  onType(value: string): void;
  onSave(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="speech-key-row">
        <input
          id={id}
          type="password"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder={keySet ? t('settings.secretSaved') : ''}
          value={typed ?? ''}
          onChange={(e) => onType(e.target.value)}
        />
        <button type="button" className="button" disabled={typed === undefined} onClick={onSave}>
          {t('speech.settings.saveKey')}
        </button>
      </span>
    </div>
  );
}

interface AccessProps {
  settings: Settings;
  providers: { id: string; name: string }[];
  keySet: boolean;
  typed?: string;
  showOwnKey: boolean;
  onType(value: string): void;
  onSaveKey(): void;
  onChange(patch: Partial<Settings['openai']>): void;
}

/** Which OpenAI key speech uses: a configured provider's, or one saved for speech alone. */
function OpenAIAccessFields({ settings, providers, keySet, typed, showOwnKey, onType, onSaveKey, onChange }: AccessProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-source`}>{t('speech.settings.keySource')}</label>
        <select id={`${id}-source`} value={settings.openai.keySource} onChange={(e) => onChange({ keySource: e.target.value })}>
          <option value="auto">{t('speech.settings.keyAuto')}</option>
          <option value="own">{t('speech.settings.keyOwn')}</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {showOwnKey && (
        <>
          <div className="field">
            <label htmlFor={`${id}-base`}>{t('speech.settings.openaiBaseUrl')}</label>
            <CommitInput
              id={`${id}-base`}
              type="url"
              dir="ltr"
              spellCheck={false}
              value={settings.openai.baseUrl}
              onCommit={(baseUrl) => onChange({ baseUrl })}
            />
          </div>
          <KeyField label={t('speech.settings.openaiKey')} keySet={keySet} typed={typed} onType={onType} onSave={onSaveKey} />
        </>
      )}
    </>
  );
}

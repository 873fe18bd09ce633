import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindInfo, type ProviderConfig, type ProviderField, type ProviderView } from '../../lib/core/providers';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { checkProviderForm } from '../../lib/core/provider-form-check';
import { request } from '../../lib/messaging/client';
import { Field } from '../ui/Field';
import { ErrorNotice } from '../common/ErrorNotice';
import { fieldAtFault } from './field-at-fault';
import { useFieldProblemText } from './use-field-problem-text';
import { useProviderChecks } from './provider-checks';
import { ProviderFieldInput } from './ProviderFieldInput';
import { ProviderFormActions } from './ProviderFormActions';

interface Props {
  provider: ProviderView | ProviderConfig;
  /** Saved with Save: the caller confirms and returns to the list. */
  onSaved(view: ProviderView): void;
  /** Saved on the way to a connection test: the form stays open with the result. */
  onSavedForTest?(view: ProviderView): void;
  /** Discards an unsaved provider. */
  onCancel?(): void;
  /** Removes a saved provider. */
  onRemove?(): void;
}

/** One provider's settings: the fields it needs first, the rest under "Advanced"; secrets are write-only, shown masked once saved. */
export function ProviderForm({ provider, onSaved, onSavedForTest, onCancel, onRemove }: Props) {
  const { t } = useTranslation();
  const info = kindInfo(provider.kind);
  const secretsSet = 'secretsSet' in provider ? provider.secretsSet : {};
  const [name, setName] = useState(provider.name);
  const [settings, setSettings] = useState<Record<string, string>>(provider.settings);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [models, setModels] = useState(provider.manualModels.join('\n'));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<ChatError>();
  const [busy, setBusy] = useState(false);
  const check = useProviderChecks((s) => s.checks[provider.id]);
  // A refused test stays at its field (the key, usually) each time the form opens, until the provider is saved again.
  const checkField = info && check?.error ? fieldAtFault(info, check.error) : undefined;
  const [advancedOpen, setAdvancedOpen] = useState(!!checkField?.advanced);
  // Whether anything changed since the last test: a stale test result must not outlive the settings it tested.
  const dirty = useRef(false);
  const record = useProviderChecks((s) => s.record);
  const forget = useProviderChecks((s) => s.forget);
  const { describe, formProblem } = useFieldProblemText();
  const formRef = useRef<HTMLFormElement>(null);
  if (!info) return null;

  const focusField = (key: string) =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"]`)?.focus());
  const edited = () => {
    dirty.current = true;
    setError(undefined);
  };

  /** Shows `e` at its field when it names one (opening "Advanced" if that is where it is), else below the form. */
  const showError = (e: ChatError) => {
    const field = fieldAtFault(info, e);
    if (!field) return setError(e);
    setProblems({ [field.key]: describe(e) });
    if (field.advanced) setAdvancedOpen(true);
    focusField(field.key);
  };

  /** Checks what can be checked here, showing each problem at its field. */
  const checkFields = (): boolean => {
    const found = checkProviderForm(info, settings, secrets, secretsSet);
    const byField: Record<string, string> = {};
    for (const p of found) byField[p.key] = formProblem(p.problem);
    setProblems(byField);
    const first = info.fields.find((f) => byField[f.key]);
    if (first?.advanced) setAdvancedOpen(true);
    if (first) focusField(first.key);
    return !first;
  };

  const save = async (): Promise<ProviderView | undefined> => {
    // While busy the buttons stay focusable (a disabled button would drop focus to the page), so they are guarded here.
    if (busy) return undefined;
    setError(undefined);
    if (!checkFields()) return undefined;
    setBusy(true);
    try {
      const config: ProviderConfig = {
        id: provider.id,
        kind: provider.kind,
        name: name.trim() || t(`settings.kind.${info.kind}`),
        settings,
        manualModels: models.split('\n').flatMap((m) => m.trim() || []),
        createdAt: provider.createdAt,
      };
      // A secret field left untouched keeps what is stored; a touched one is sent even if blank, so a blank key is refused.
      const view = await request('providers.save', { config, secrets });
      setSecrets({});
      return view;
    } catch (e) {
      showError(toChatError(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const view = await save();
    if (!view) return;
    if (dirty.current) forget(provider.id);
    onSaved(view);
  };

  const test = async () => {
    const view = await save();
    if (!view) return;
    dirty.current = false;
    onSavedForTest?.(view);
    setBusy(true);
    try {
      const r = await request('providers.test', { id: provider.id });
      record(provider.id, { models: r.models });
    } catch (e) {
      const failure = toChatError(e);
      record(provider.id, { error: failure });
      showError(failure);
    } finally {
      setBusy(false);
    }
  };

  const renderField = (f: ProviderField) => {
    const secret = f.type === 'secret' || f.type === 'headers';
    return (
      <ProviderFieldInput
        key={f.key}
        field={f}
        info={info}
        value={(secret ? secrets[f.key] : settings[f.key]) ?? ''}
        secretSaved={!!secretsSet[f.key]}
        error={problems[f.key] ?? (checkField === f && check?.error ? describe(check.error) : undefined)}
        onChange={(value) => {
          edited();
          if (f.type !== 'headers' && f.type !== 'select') setProblems(({ [f.key]: _fixed, ...rest }) => rest);
          if (secret) setSecrets({ ...secrets, [f.key]: value });
          else setSettings({ ...settings, [f.key]: value });
        }}
      />
    );
  };

  const essential = info.fields.filter((f) => !f.advanced);
  const advanced = info.fields.filter((f) => f.advanced);

  return (
    <form
      ref={formRef}
      className="provider-form"
      aria-label={name || t(`settings.kind.${info.kind}`)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {essential.map(renderField)}
      <details className="advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary>{t('common.advanced')}</summary>
        <Field label={t('settings.field.name')}>
          {(p) => (
            <input
              {...p}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
              }}
            />
          )}
        </Field>
        {advanced.map(renderField)}
        <Field label={t('settings.field.manualModels')}>
          {(p) => (
            <textarea
              {...p}
              dir="ltr"
              rows={2}
              value={models}
              onChange={(e) => {
                edited();
                setModels(e.target.value);
              }}
            />
          )}
        </Field>
      </details>
      <ProviderFormActions busy={busy} onTest={() => void test()} onCancel={onCancel} onRemove={onRemove} />
      <div aria-live="polite" className="provider-check-result">
        {check && !check.error && <p className="provider-check provider-check-ok">{t('settings.testOk', { count: check.models })}</p>}
      </div>
      {check?.error && !checkField && !error && <ErrorNotice error={check.error} />}
      {error && <ErrorNotice error={error} />}
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { PROVIDER_KINDS, type ProviderKind } from '../../lib/core/providers';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { SegmentedControl } from '../ui/SegmentedControl';
import { showToast } from '../ui/toast';
import { focusMessageBox } from '../common/focus-message-box';
import { useErrorText } from '../common/use-error-text';
import { useProvidersStore } from '../state/providers-store';

/** Kinds a key alone connects (everything else they need has a default), so first run can offer them in one card. */
const KEY_ONLY = PROVIDER_KINDS.filter(
  (k) => k.userAddable && k.fields.some((f) => f.key === 'apiKey') && k.fields.every((f) => !f.required || f.key === 'apiKey'),
);

/** Pick a provider, paste its key, and Parley tests it: success goes straight to the message box. */
export function OnboardingKeyCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const refresh = useProvidersStore((s) => s.refresh);
  const [kind, setKind] = useState<ProviderKind>(KEY_ONLY[0]!.kind);
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ChatError>();
  const info = KEY_ONLY.find((k) => k.kind === kind)!;
  const defaultUrl = info.fields.find((f) => f.key === 'baseUrl')?.defaultValue;
  const refusal = error && errorText(error);
  const keyField = useRef<HTMLInputElement>(null);

  // With nothing set up, pasting a key is the first thing to do: the field has the cursor, and Enter connects.
  useEffect(() => keyField.current?.focus(), []);

  const connect = async () => {
    setBusy(true);
    setError(undefined);
    const id = crypto.randomUUID();
    const settings: Record<string, string> = baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {};
    try {
      await request('providers.save', {
        config: { id, kind, name: t(`settings.kind.${kind}`), settings, manualModels: [], createdAt: Date.now() },
        secrets: { apiKey: key },
      });
      try {
        const { models } = await request('providers.test', { id });
        showToast({ tone: 'success', message: t('settings.testOk', { count: models }) });
      } catch (e) {
        // A key the service refused is not kept: the card stays, with the key still typed in, to be corrected.
        await request('providers.delete', { id }).catch(() => undefined);
        throw e;
      }
      await refresh();
      focusMessageBox(t('chat.message'));
    } catch (e) {
      setError(toChatError(e));
      setBusy(false);
    }
  };

  return (
    <form
      className="onboarding-card"
      aria-labelledby="onboarding-key-title"
      onSubmit={(e) => {
        e.preventDefault();
        void connect();
      }}
    >
      <h3 id="onboarding-key-title">{t('onboarding.keyTitle')}</h3>
      <SegmentedControl
        label={t('onboarding.provider')}
        options={KEY_ONLY.map((k) => ({ value: k.kind, label: t(`settings.kind.${k.kind}`) }))}
        value={kind}
        onChange={(next) => {
          setKind(next);
          setError(undefined);
        }}
      />
      <Field
        label={t('settings.field.apiKey')}
        error={refusal && `${refusal.title} ${refusal.hint}`}
        hint={
          info.keyUrl && (
            <a href={info.keyUrl} target="_blank" rel="noopener noreferrer" className="onboarding-key-link">
              {t('onboarding.getKey', { provider: t(`settings.kind.${kind}`) })}
              <ExternalLink size={12} aria-hidden />
            </a>
          )
        }
      >
        {(p) => (
          <input
            {...p}
            ref={keyField}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <details className="advanced">
        <summary>{t('common.advanced')}</summary>
        <Field label={t('settings.field.baseUrl')}>
          {(p) => <input {...p} type="url" placeholder={defaultUrl} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />}
        </Field>
      </details>
      <Button variant="primary" type="submit" disabled={busy || !key.trim()}>
        {busy ? t('onboarding.testing') : t('onboarding.connect')}
      </Button>
    </form>
  );
}

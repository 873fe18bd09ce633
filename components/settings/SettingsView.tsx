import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, kindInfo, type ProviderConfig, type ProviderKind } from '@/lib/core/providers';
import { request } from '@/lib/messaging/client';
import { useProvidersStore } from '../state/providers-store';
import { ProviderForm } from './ProviderForm';
import { LanguagePicker } from './LanguagePicker';
import { PrivacyLink } from './PrivacyLink';
import { PageSettings } from '../page/PageSettings';
import { PluginSettings } from '../plugins/PluginSettings';
import { SpeechSettings } from '../speech/SpeechSettings';

export function SettingsView() {
  const { t } = useTranslation();
  const refresh = useProvidersStore((s) => s.refresh);
  // The browser's own model needs no settings; it appears in the model picker by itself.
  const providers = useProvidersStore((s) => s.providers).filter((p) => kindInfo(p.kind)?.userAddable);
  const addable = PROVIDER_KINDS.filter((k) => k.userAddable);
  const [kind, setKind] = useState<ProviderKind>(addable[0]!.kind);
  const [draft, setDraft] = useState<ProviderConfig | undefined>();

  const startAdding = () => {
    const info = addable.find((k) => k.kind === kind)!;
    setDraft({
      id: crypto.randomUUID(),
      kind,
      name: t(`settings.kind.${info.kind}`),
      settings: {},
      manualModels: [],
      createdAt: Date.now(),
    });
  };

  return (
    <section className="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <LanguagePicker />
      <h3>{t('settings.providers')}</h3>
      {providers.map((p) => (
        <details key={p.id} className="provider" open={providers.length === 1}>
          <summary>{p.name}</summary>
          <ProviderForm
            provider={p}
            onSaved={() => void refresh()}
            onDelete={async () => {
              await request('providers.delete', { id: p.id });
              await refresh();
            }}
          />
        </details>
      ))}
      {draft ? (
        <section className="provider provider-new" aria-labelledby="new-provider-title">
          <h4 id="new-provider-title">{t('settings.newProvider')}</h4>
          <ProviderForm
            key={draft.id}
            provider={draft}
            onSaved={() => {
              setDraft(undefined);
              void refresh();
            }}
            onDelete={() => setDraft(undefined)}
          />
        </section>
      ) : (
        <div className="row add-provider">
          <label htmlFor="new-provider-kind">{t('settings.providerType')}</label>
          <select id="new-provider-kind" value={kind} onChange={(e) => setKind(e.target.value as ProviderKind)}>
            {addable.map((k) => (
              <option key={k.kind} value={k.kind}>
                {t(`settings.kind.${k.kind}`)}
              </option>
            ))}
          </select>
          <button type="button" className="button" onClick={startAdding}>
            {t('settings.addProvider')}
          </button>
        </div>
      )}
      <PageSettings />
      <PluginSettings />
      <SpeechSettings />
      <PrivacyLink />
    </section>
  );
}

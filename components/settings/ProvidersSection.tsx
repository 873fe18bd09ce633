import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, PlugZap } from 'lucide-react';
import { kindInfo, type ProviderConfig, type ProviderKind, type ProviderView } from '../../lib/core/providers';
import { providerStatus, type ProviderCheck } from '../../lib/core/provider-status';
import { useProvidersStore } from '../state/providers-store';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { showToast } from '../ui/toast';
import { ProviderCard } from './ProviderCard';
import { ProviderChooser } from './ProviderChooser';
import { ProviderForm } from './ProviderForm';
import { ProviderStep } from './ProviderStep';
import { useProviderRemoval } from './use-provider-removal';
import { useProviderChecks } from './provider-checks';
import { useSettingsTarget } from '../state/settings-target';

type Mode = { view: 'list' } | { view: 'choose' } | { view: 'edit'; id: string; draft?: ProviderConfig };

/** Providers as cards; adding one goes through a chooser of kinds, then a form with only what that kind needs. */
export function ProvidersSection() {
  const { t } = useTranslation();
  const refresh = useProvidersStore((s) => s.refresh);
  // The browser's own model needs no settings; it appears in the model picker by itself.
  const providers = useProvidersStore((s) => s.providers).filter((p) => kindInfo(p.kind)?.userAddable);
  const listed = useProvidersStore((s) => s.models);
  const checks = useProviderChecks((s) => s.checks);
  // Opened for a provider whose key was refused (from the chat or the model picker): straight to its form.
  const [mode, setMode] = useState<Mode>(() => {
    const target = useSettingsTarget.getState().providerId;
    return target ? { view: 'edit', id: target } : { view: 'list' };
  });
  useEffect(() => {
    if (!useSettingsTarget.getState().providerId) return;
    useSettingsTarget.getState().setTarget(undefined);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.settings [data-field="apiKey"]')?.focus());
  }, []);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // Each step of the flow takes focus at its heading; back at the list, focus returns to "Add provider".
  const step = mode.view === 'edit' ? mode.id : mode.view;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'list') addButton.current?.focus();
    else heading.current?.focus();
  }, [step]);

  const checkOf = (id: string): ProviderCheck | undefined => {
    if (checks[id]) return checks[id];
    const entry = listed.find((m) => m.providerId === id);
    if (!entry) return undefined;
    return entry.error ? { error: entry.error } : { models: entry.models.length };
  };

  const back = () => setMode({ view: 'list' });
  const startAdding = (kind: ProviderKind) => {
    const draft: ProviderConfig = {
      id: crypto.randomUUID(),
      kind,
      name: t(`settings.kind.${kind}`),
      settings: {},
      manualModels: [],
      createdAt: Date.now(),
    };
    setMode({ view: 'edit', id: draft.id, draft });
  };

  const saved = (view: ProviderView) => {
    showToast({ message: t('settings.providerSaved', { name: view.name }), tone: 'success' });
    back();
    void refresh();
  };

  const removeProvider = useProviderRemoval();
  const remove = (provider: ProviderView) => {
    back();
    return removeProvider(provider);
  };

  if (mode.view === 'choose') {
    return (
      <ProviderStep title={t('settings.chooseProvider')} heading={heading} onBack={back}>
        <ProviderChooser onPick={startAdding} />
      </ProviderStep>
    );
  }

  if (mode.view === 'edit') {
    const saved_ = providers.find((p) => p.id === mode.id);
    const provider = saved_ ?? mode.draft;
    if (!provider) return null;
    const isNew = !saved_;
    const kindName = t(`settings.kind.${provider.kind}`);
    return (
      <ProviderStep
        title={isNew ? t('settings.newProvider') : provider.name}
        kind={isNew ? kindName : undefined}
        heading={heading}
        onBack={back}
      >
        <ProviderForm
          key={provider.id}
          provider={provider}
          onSaved={saved}
          // A new provider saved to test it is a saved provider from then on: its form offers Remove, not Cancel.
          onSavedForTest={() => void refresh()}
          onCancel={isNew ? back : undefined}
          onRemove={isNew ? undefined : () => void remove(provider as ProviderView)}
        />
      </ProviderStep>
    );
  }

  return (
    <div className="providers-list">
      {providers.length ? (
        <ul className="provider-cards" aria-label={t('settings.providers')}>
          {providers.map((p) => (
            <ProviderCard
              key={p.id}
              provider={p}
              status={providerStatus(p, checkOf(p.id))}
              onOpen={() => setMode({ view: 'edit', id: p.id })}
              onRemove={() => void remove(p)}
            />
          ))}
        </ul>
      ) : (
        <EmptyState icon={<PlugZap />} title={t('settings.noProviders')} description={t('settings.noProvidersHint')} />
      )}
      <Button ref={addButton} variant="primary" icon={<Plus />} onClick={() => setMode({ view: 'choose' })}>
        {t('settings.addProvider')}
      </Button>
    </div>
  );
}

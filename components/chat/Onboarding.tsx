import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetectedLocalModels } from '@/lib/messaging/protocol';
import { request } from '@/lib/messaging/client';
import { useProvidersStore } from '../state/providers-store';

/**
 * With nothing configured, a local model should just work: look for Ollama
 * first and offer it; otherwise point to adding a provider.
 */
export function Onboarding({ onOpenSettings }: { onOpenSettings(): void }) {
  const { t } = useTranslation();
  const refresh = useProvidersStore((s) => s.refresh);
  const [found, setFound] = useState<DetectedLocalModels | undefined>();
  const [searching, setSearching] = useState(true);

  useEffect(() => {
    let live = true;
    request('local.detect', {})
      .then((r) => live && setFound(r))
      .catch(() => undefined)
      .finally(() => live && setSearching(false));
    return () => {
      live = false;
    };
  }, []);

  const chooseOllama = async () => {
    if (!found?.ollama) return;
    await request('providers.save', {
      config: {
        id: crypto.randomUUID(),
        kind: 'ollama',
        name: 'Ollama',
        settings: { baseUrl: found.ollama.baseUrl },
        manualModels: [],
        createdAt: Date.now(),
      },
      secrets: {},
    });
    await refresh();
  };

  return (
    <section className="onboarding" aria-label={t('onboarding.title')}>
      <h2>{t('onboarding.title')}</h2>
      {searching && <p>{t('onboarding.searching')}</p>}
      {found?.ollama && (
        <div className="card">
          <p>{t('onboarding.foundOllama', { count: found.ollama.models.length })}</p>
          <button type="button" className="button button-primary" onClick={() => void chooseOllama()}>
            {t('onboarding.useOllama')}
          </button>
        </div>
      )}
      {!searching && <p>{t('onboarding.addProviderHint')}</p>}
      <button type="button" className="button" onClick={onOpenSettings}>
        {t('onboarding.addProvider')}
      </button>
    </section>
  );
}

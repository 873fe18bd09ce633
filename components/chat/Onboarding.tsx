import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetectedLocalModels } from '../../lib/core/providers';
import { request } from '../../lib/messaging/client';
import { Button } from '../ui/Button';
import { focusMessageBox } from '../common/focus-message-box';
import { useProvidersStore } from '../state/providers-store';
import { OnboardingKeyCard } from './OnboardingKeyCard';
import './onboarding.css';

/**
 * With nothing configured, a local model should just work: look for Ollama and offer it in one click;
 * otherwise paste a key, which Parley saves and tests at once, saying inline what went wrong.
 */
export function Onboarding({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
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
    focusMessageBox(t('chat.message'));
  };

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{t('onboarding.title')}</h2>
      {searching && <p className="onboarding-searching">{t('onboarding.searching')}</p>}
      {found?.ollama && (
        <div className="onboarding-card">
          <p>{t('onboarding.foundOllama', { count: found.ollama.models.length })}</p>
          <Button variant="primary" onClick={() => void chooseOllama()}>
            {t('onboarding.useOllama')}
          </Button>
        </div>
      )}
      <OnboardingKeyCard />
      <Button variant="ghost" onClick={() => onOpenSettings()}>
        {t('onboarding.otherProviders')}
      </Button>
    </section>
  );
}

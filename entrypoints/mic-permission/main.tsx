import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MicPermissionPage } from '@/components/speech/MicPermissionPage';
import { createI18n } from '@/lib/i18n';
import { SUPPORTED_LOCALES, matchLocale } from '@/lib/speech/locales';
import { getPref } from '@/lib/storage/prefs';
import '@/components/app/app.css';

async function mount(root: HTMLElement): Promise<void> {
  const i18n = await createI18n((await getPref('locale')) ?? matchLocale(navigator.language));
  document.documentElement.lang = i18n.language;
  document.documentElement.dir = SUPPORTED_LOCALES.find((l) => l.code === i18n.language)?.dir ?? 'ltr';
  document.title = i18n.t('speech.micPermission.title');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MicPermissionPage />
      </I18nextProvider>
    </StrictMode>,
  );
}

void mount(document.getElementById('root')!);

import { useTranslation } from 'react-i18next';
import type { ChatError } from '@/lib/core/errors';

/** Errors are localised by code; the technical message is only a detail. */
export function useErrorText(): (error: ChatError) => { title: string; hint: string } {
  const { t } = useTranslation();
  return (error) => ({
    title: t(`errors.${error.code}.title`, { defaultValue: t('errors.unknown.title') }),
    hint: t(`errors.${error.code}.hint`, { defaultValue: t('errors.unknown.hint') }),
  });
}

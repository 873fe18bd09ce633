import { useTranslation } from 'react-i18next';
import type { ChatError } from '../../lib/core/errors';
import { formatDateTime } from '../../lib/i18n/formats';

/** Errors are localised by code; the technical message is only a detail. */
export function useErrorText(): (error: ChatError) => { title: string; hint: string } {
  const { t, i18n } = useTranslation();
  return (error) => {
    // What some codes say beyond their name: the round limit, the tool counts, the field at fault, the time a provider asked to wait until.
    const values = {
      rounds: error.rounds,
      tools: error.tools,
      maxTools: error.maxTools,
      field: error.field ? t(`settings.field.${error.field}`) : '',
      time: error.retryAt ? formatDateTime(i18n, error.retryAt, { dateStyle: 'medium', timeStyle: 'short' }) : '',
    };
    return {
      title: t(`errors.${error.code}.title`, { ...values, defaultValue: t('errors.unknown.title') }),
      hint:
        error.code === 'rate-limited' && error.retryAt
          ? t('errors.rate-limited.hintUntil', values)
          : t(`errors.${error.code}.hint`, { ...values, defaultValue: t('errors.unknown.hint') }),
    };
  };
}

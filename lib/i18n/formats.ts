import type { i18n as I18n } from 'i18next';

/**
 * Numbers, dates and lists in the interface language, through i18next's own formatter: it builds each Intl formatter
 * once per language and options and keeps it (`cacheInBuiltFormats`, on by default). Building one costs far more than
 * using it (20 ms or more on a first use, in a profile of a sent message's first render), and the views that format
 * render often: a tool step on every frame of an answer, a history row once per conversation.
 */
function formatIn(i18n: I18n, kind: 'number' | 'datetime' | 'list', value: unknown, options: object): string {
  // Present whenever Intl is, which every browser Parley runs in has.
  return i18n.services.formatter!.format(value, kind, i18n.language, options);
}

export const formatNumber = (i18n: I18n, value: number, options: Intl.NumberFormatOptions = {}): string =>
  formatIn(i18n, 'number', value, options);

export const formatDateTime = (i18n: I18n, value: number | Date, options: Intl.DateTimeFormatOptions = {}): string =>
  formatIn(i18n, 'datetime', value, options);

export const formatList = (i18n: I18n, value: readonly string[], options: Intl.ListFormatOptions = {}): string =>
  formatIn(i18n, 'list', value, options);

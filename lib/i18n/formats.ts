/**
 * Intl formatters, built once per language and options and kept. Building one costs far more than using it (20 ms
 * or more on a first use, in a profile of a sent message's first render), and the views that format render often:
 * a tool step on every frame of an answer, a history row once per conversation.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  kind: string,
  locale: string,
  options: object,
  build: () => F,
): F {
  // Callers spell options as literals, so the same options always give the same key.
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const listFormat = (locale: string, options: Intl.ListFormatOptions = {}): Intl.ListFormat =>
  kept('list', locale, options, () => new Intl.ListFormat(locale, options));

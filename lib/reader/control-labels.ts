import { SUPPORTED_LOCALES, matchLocale } from '../i18n/languages';
import { getPref } from '../storage/prefs';
import { rateTexts } from './control-numbers';

type LabelKey = 'controls' | 'pause' | 'resume' | 'stop' | 'previous' | 'next' | 'speed';

/** The on-page reading control's words and direction, in Parley's interface language. */
export interface ControlLabels {
  lang: string;
  dir: 'ltr' | 'rtl';
  text: Record<LabelKey, string>;
  /** The speed list's entries, in READING_RATES' order. */
  rates: string[];
}

/** Only these few strings reach the background (and from there the page), not the panel's whole locale. */
const FILES = import.meta.glob<{ readerPage: Record<LabelKey, string> }>('../i18n/locales/*/readerPage.json', {
  eager: true,
  import: 'default',
});

function stringsOf(locale: string): Record<LabelKey, string> | undefined {
  return FILES[`../i18n/locales/${locale}/readerPage.json`]?.readerPage;
}

export function controlLabelsFor(locale: string): ControlLabels {
  const known = SUPPORTED_LOCALES.find((l) => l.code === locale);
  const text = (known && stringsOf(known.code)) || stringsOf('en-US')!;
  const lang = known?.code ?? 'en-US';
  return { lang, dir: known?.dir ?? 'ltr', text, rates: rateTexts(lang) };
}

/** The labels for the language the panel shows: the one chosen in Settings, else the browser's, as the panel picks it. */
export async function interfaceControlLabels(): Promise<ControlLabels> {
  const chosen = await getPref('locale').catch(() => undefined);
  return controlLabelsFor(chosen ?? matchLocale(globalThis.navigator?.language));
}

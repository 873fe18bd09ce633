import { READING_RATES } from './rate';

/**
 * The numbers the page's reading control shows, written in the background and
 * sent as text. A page's first Intl.NumberFormat loads ICU's locale data in
 * that page's process: 40–55 ms measured, one task on the page just as the
 * voice starts, where the background keeps its formats for its whole life.
 */
const formats = new Map<string | undefined, Intl.NumberFormat>();

/** `lang` undefined: the browser's own language, as the page's control speaks it when it has no labels from Parley. */
function formatOf(lang: string | undefined): Intl.NumberFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    formats.set(lang, format);
  }
  return format;
}

/** READING_RATES as the speed list shows them, in the same order: "1.25×", "1,25×", "١٫٢٥×". */
export function rateTexts(lang: string | undefined): string[] {
  const format = formatOf(lang);
  return READING_RATES.map((rate) => `${format.format(rate)}×`);
}

/** Sentence `index` (counted from 0) of `total`: "3 / 12". */
export function progressText(lang: string | undefined, index: number, total: number): string {
  const format = formatOf(lang);
  return `${format.format(index + 1)} / ${format.format(total)}`;
}

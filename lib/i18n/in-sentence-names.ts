import type { LocaleCode } from './languages';

/**
 * The name as it reads inside a sentence of that language ("traduire en français"): what Intl.DisplayNames gives,
 * without its data load on the first paint. A module apart from native-names.ts: Rollup keeps a module whole in one
 * chunk, and the native names, which only the pickers show, would then load with every empty panel.
 */
export const IN_SENTENCE_NAMES: Readonly<Record<LocaleCode, string>> = {
  'ar-SA': 'العربية',
  'de-DE': 'Deutsch',
  'en-US': 'English',
  'es-ES': 'español',
  'fr-FR': 'français',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'pt-BR': 'português',
  'ru-RU': 'русский',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

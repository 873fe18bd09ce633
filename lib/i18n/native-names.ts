import type { LocaleCode } from './languages';

/**
 * Each language's name in itself, so a reader finds it whatever the current interface language (the language and
 * voice pickers).
 */
export const NATIVE_NAMES: Readonly<Record<LocaleCode, string>> = {
  'ar-SA': 'العربية',
  'de-DE': 'Deutsch',
  'en-US': 'English',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

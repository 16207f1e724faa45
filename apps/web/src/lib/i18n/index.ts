export {
  APP_LANGUAGES,
  LANGUAGE_KEY,
  LANGUAGE_NAMES,
  createLanguageStore,
  detectLanguage,
  isLanguage,
  languageStore,
  loadStartLanguage,
  setLanguage,
  matchLanguage,
  type LanguageStore,
} from './language';
export { t, translate, type Translate, type TranslateParams } from './translate';
export { useI18n, useLanguage } from './use-i18n';
export type { MessageKey } from '../../locales';

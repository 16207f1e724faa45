import type { Language } from '@stride/contract';
import { LOCALES, type MessageKey } from '../../locales';
import { languageStore } from './language';

export type TranslateParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  const text = LOCALES[language][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Translation in the current language, for code outside React (dialogs of the request layer). */
export const t: Translate = (key, params) => translate(languageStore.get(), key, params);

import type { Language } from '@stride/contract';
import { loadedText, type MessageKey } from '../../locales';
import { languageStore } from './language';

export type TranslateParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  // The app starts once the chosen language is loaded (main.tsx) and switches only to a loaded
  // one (setLanguage), so the key itself is shown only if that load failed.
  const text = loadedText(language, key) ?? loadedText('en', key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string, at: number) => {
    const value = params[name];
    if (value === undefined) return whole;
    // "Reason: {reason}." with a reason typed as "Photo is blurred." says its full stop once.
    return FULL_STOP.test(text.charAt(at + whole.length)) ? String(value).replace(CLOSING_STOPS, '') : String(value);
  });
}

const FULL_STOP = /^[.。．]$/u;
const CLOSING_STOPS = /[.。．]+$/u;

/** Translation in the current language, for code outside React (dialogs of the request layer). */
export const t: Translate = (key, params) => translate(languageStore.get(), key, params);

import type { ConsoleLanguage } from '../locales';
import { useI18n, type I18n } from './i18n-context';

/** A screen's own texts in both languages, as `area()` gives them (locales/area.ts). */
export interface PageArea<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly zhHans: Readonly<Record<K, string>>;
}

/** The screen's text of `key` in the language, `{name}` filled from `params`. */
export type PageTranslate<K extends string> = (key: K, params?: Readonly<Record<string, string | number>>) => string;

export function pageTranslator<K extends string>(texts: PageArea<K>, language: ConsoleLanguage): PageTranslate<K> {
  const chosen = language === 'en' ? texts.en : texts.zhHans;
  return (key, params) => chosen[key].replace(/\{(\w+)\}/g, (whole, name: string) => String(params?.[name] ?? whole));
}

/**
 * The console's texts and a screen's own (`f`): a screen whose texts are imported by its page only, not by the
 * dictionaries, so that they load with its chunk and stay out of the first route (its budget, decision 022 "The
 * operator console").
 */
export function usePageTexts<K extends string>(texts: PageArea<K>): I18n & { f: PageTranslate<K> } {
  const i18n = useI18n();
  return { ...i18n, f: pageTranslator(texts, i18n.language) };
}

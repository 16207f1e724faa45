import type { Language } from '@stride/contract';
import { loadMessages } from '../../locales';

/**
 * The contract's LANGUAGES, restated so that the first route does not load the contract's schemas;
 * the `satisfies` check and the test keep the two lists equal.
 */
export const APP_LANGUAGES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const satisfies readonly Language[];

export const LANGUAGE_KEY = 'language';

const TRADITIONAL = /^zh-(tw|hk|mo|hant)\b/i;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);
}

/** Maps one browser language tag to ours, if we have it. */
export function matchLanguage(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-')) return TRADITIONAL.test(lower) ? 'zh-Hant' : 'zh-Hans';
  const base = lower.split('-')[0];
  return isLanguage(base) ? base : undefined;
}

/** The saved choice, else the browser's first language we have, else English. */
export function detectLanguage(saved: string | null, browser: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en';
}

export interface LanguageStore {
  readonly get: () => Language;
  readonly set: (language: Language) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createLanguageStore(storage: Storage, browser: readonly string[]): LanguageStore {
  let current = detectLanguage(storage.getItem(LANGUAGE_KEY), browser);
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(language) {
      storage.setItem(LANGUAGE_KEY, language);
      if (language === current) return;
      current = language;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserLanguages(): readonly string[] {
  const { languages, language } = window.navigator;
  return languages.length > 0 ? languages : [language];
}

export const languageStore: LanguageStore = createLanguageStore(window.localStorage, browserLanguages());

/** Each language in its own words, the same in every locale. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};

/** Switches the app's language once its texts are loaded (each language is its own chunk). */
export async function setLanguage(language: Language): Promise<void> {
  await loadMessages(language);
  languageStore.set(language);
}

/** Loads the texts of the language the app starts in, and English should that one fail to load. */
export async function loadStartLanguage(): Promise<void> {
  await loadMessages(languageStore.get()).catch(() => loadMessages('en'));
}

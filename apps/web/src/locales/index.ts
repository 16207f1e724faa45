import type { Language } from '@stride/contract';
import type { Locale as KitLocale } from 'antd-mobile/es/locales/base';
import type { Messages } from './en';

export type { MessageKey, Messages } from './en';

interface LanguageChunk {
  readonly messages: Messages;
  /** The UI kit's own texts (antd-mobile's dialogs, pickers, lists) in the language. */
  readonly kit: KitLocale;
}

/**
 * Each language is a chunk of its own, loaded when it is first used, with the UI kit's texts in
 * it: the first route carries none of them, and a user downloads only the language they read
 * (decisions 051 "One language per download" and 052 "A first route without waterfalls").
 */
const LOADERS: Readonly<Record<Language, () => Promise<LanguageChunk>>> = {
  en: () => import('./chunks/en'),
  es: () => import('./chunks/es'),
  fr: () => import('./chunks/fr'),
  'zh-Hans': () => import('./chunks/zh-Hans'),
  'zh-Hant': () => import('./chunks/zh-Hant'),
};

const loaded: Partial<Record<Language, Messages>> = {};
const loadedKit: Partial<Record<Language, KitLocale>> = {};

/** The UI kit's texts in the language when they have been loaded (with the language's own). */
export function loadedKitLocale(language: Language): KitLocale | undefined {
  return loadedKit[language];
}

/** The language's texts when they have been loaded. */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** Loads the language's texts once; later calls answer at once. */
export async function loadMessages(language: Language): Promise<Messages> {
  const known = loaded[language];
  if (known) return known;
  const { messages, kit } = await LOADERS[language]();
  loaded[language] = messages;
  loadedKit[language] = kit;
  return messages;
}

import type { Language } from '@stride/contract';
import type { Messages } from './en';

export type { MessageKey, Messages } from './en';

/**
 * Each language is a chunk of its own, loaded when it is first used: the first route carries none
 * of them, and a user downloads only the language they read (decision 050).
 */
const LOADERS: Readonly<Record<Language, () => Promise<Messages>>> = {
  en: () => import('./en').then((module) => module.en),
  es: () => import('./es').then((module) => module.es),
  fr: () => import('./fr').then((module) => module.fr),
  'zh-Hans': () => import('./zh-Hans').then((module) => module.zhHans),
  'zh-Hant': () => import('./zh-Hant').then((module) => module.zhHant),
};

const loaded: Partial<Record<Language, Messages>> = {};

/** The language's texts when they have been loaded. */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** Loads the language's texts once; later calls answer at once. */
export async function loadMessages(language: Language): Promise<Messages> {
  const messages = loaded[language] ?? (await LOADERS[language]());
  loaded[language] = messages;
  return messages;
}

import { en, type MessageKey, type Messages } from './en';
import { zhHans } from './zh-Hans';

export type { MessageKey, Messages } from './en';

export const CONSOLE_LANGUAGES = ['zh-Hans', 'en'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export const LOCALES: Readonly<Record<ConsoleLanguage, Messages>> = { en, 'zh-Hans': zhHans };

export const LANGUAGE_NAMES: Readonly<Record<ConsoleLanguage, string>> = { 'zh-Hans': '简体中文', en: 'English' };

export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

export function translator(language: ConsoleLanguage): Translate {
  return (key, params) => {
    const text = LOCALES[language][key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : String(value);
    });
  };
}

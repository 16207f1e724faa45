import type { Language } from '@stride/contract';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { zhHans } from './zh-Hans.js';
import { zhHant } from './zh-Hant.js';

export type { MessageKey } from './en.js';
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Server texts in the five languages of docs/product/client.md (Dialogs, toasts and texts), one file each. */
export const MESSAGES = { en, es, fr, 'zh-Hans': zhHans, 'zh-Hant': zhHant } as const;

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo', 'hant']);

function languageOfTag(tag: string): Language | undefined {
  const parts = tag.toLowerCase().split('-');
  switch (parts[0]) {
    case 'en':
      return 'en';
    case 'es':
      return 'es';
    case 'fr':
      return 'fr';
    case 'zh':
      return parts.slice(1).some((part) => TRADITIONAL_REGIONS.has(part)) ? 'zh-Hant' : 'zh-Hans';
    default:
      return undefined;
  }
}

/** Picks the best of our five languages from an Accept-Language header; English otherwise. */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOfTag(entry.tag);
    if (language) return language;
  }
  return 'en';
}

/**
 * Messages with a count: the key's `.one` variant is used when the language's plural rule for
 * the count is "one" (English 1, French 0 and 1; Chinese has no such form).
 */
const PLURAL_COUNTS: Partial<Record<MessageKey, string>> = { rateLimited: 'minutes', consoleSignInLocked: 'minutes' };

function pluralVariant(language: Language, key: MessageKey, values: Record<string, string | number>): MessageKey {
  const countName = PLURAL_COUNTS[key];
  const count = countName === undefined ? undefined : values[countName];
  if (typeof count !== 'number') return key;
  const variant = `${key}.one`;
  return new Intl.PluralRules(language).select(count) === 'one' && hasMessage(variant) ? variant : key;
}

const FULL_STOP = /^[.。．]$/u;
const CLOSING_STOPS = /[.。．]+$/u;

export function translator(language: Language): Translate {
  const messages = MESSAGES[language];
  return (key, values) => {
    const template = messages[values ? pluralVariant(language, key, values) : key];
    if (!values) return template;
    return template.replace(/\{(\w+)\}/g, (match, name: string, at: number) => {
      if (!(name in values)) return match;
      // "Reason: {reason}." with a reason typed as "Photo is blurred." says its full stop once.
      const value = String(values[name]);
      return FULL_STOP.test(template.charAt(at + match.length)) ? value.replace(CLOSING_STOPS, '') : value;
    });
  };
}

export function hasMessage(key: string): key is MessageKey {
  return key in MESSAGES.en;
}

/** A server text in each of the five languages: kept with a notification, it reads in its reader's language. */
export function inEveryLanguage(key: MessageKey): Record<Language, string> {
  return { en: en[key], es: es[key], fr: fr[key], 'zh-Hans': zhHans[key], 'zh-Hant': zhHant[key] };
}

import { LANGUAGES, type Language } from '@stride/contract';

/**
 * Content in the user's language (decision 042 "Content in every language"). An operator's content item keeps its
 * default language's text in its own columns (`name`, `title`, `description`, `body`), its default
 * language in `default_language`, and its other languages in `translations`, a JSON object
 * language → field → text. The server answers one text per field, so every answer keeps its shape.
 */
export type Translations = Partial<Record<Language, Partial<Record<string, string>>>>;

/** What a row brings to be read in a language. */
export interface TranslatedRow {
  default_language: string;
  translations: string;
}

const SIBLING: Partial<Record<Language, Language>> = { 'zh-Hans': 'zh-Hant', 'zh-Hant': 'zh-Hans' };

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The order a field is looked up in: the requested language, its sibling (Simplified and
 * Traditional Chinese stand in for each other), the item's default language, then any other in
 * the fixed order of `LANGUAGES`.
 */
export function fallbackOrder(requested: Language, defaultLanguage: string): Language[] {
  const order: Language[] = [requested];
  const sibling = SIBLING[requested];
  if (sibling) order.push(sibling);
  if (isLanguage(defaultLanguage)) order.push(defaultLanguage);
  for (const language of LANGUAGES) order.push(language);
  return [...new Set(order)];
}

/** Stored translations, read leniently: anything but strings is ignored. */
export function parseTranslations(stored: string): Translations {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const result: Translations = {};
  for (const [language, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(language) || typeof fields !== 'object' || fields === null) continue;
    const entry: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof text === 'string') entry[field] = text;
    }
    result[language] = entry;
  }
  return result;
}

/**
 * The fields of `base` (the default language's texts) in `language`: each field separately takes
 * the first non-empty text in the fallback order, and keeps the default text when none has one.
 * Without a language (operators' views of a user's page), the default language's texts.
 */
export function localize<F extends string>(
  language: Language | undefined,
  row: TranslatedRow,
  base: Record<F, string>,
): Record<F, string> {
  if (language === undefined) return base;
  const translations = parseTranslations(row.translations);
  const order = fallbackOrder(language, row.default_language);
  const result = { ...base };
  for (const field of Object.keys(base) as F[]) {
    for (const candidate of order) {
      const text = candidate === row.default_language ? base[field] : translations[candidate]?.[field];
      if (text !== undefined && text.trim() !== '') {
        result[field] = text;
        break;
      }
    }
  }
  return result;
}

/**
 * What is stored from an operator's input: trimmed texts, empty fields and empty languages
 * dropped, and nothing under the default language (its text is in the item's own fields).
 */
export function normalizeTranslations(
  defaultLanguage: Language,
  input: Partial<Record<Language, Partial<Record<string, string | undefined>>>>,
): string {
  const result: Translations = {};
  for (const language of LANGUAGES) {
    if (language === defaultLanguage) continue;
    const fields = input[language];
    if (!fields) continue;
    const entry: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields)) {
      if (typeof text === 'string' && text.trim() !== '') entry[field] = text.trim();
    }
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return JSON.stringify(result);
}

/** The console's view of a row's languages. */
export function contentLanguages(row: TranslatedRow): { defaultLanguage: Language; translations: Translations } {
  return {
    defaultLanguage: isLanguage(row.default_language) ? row.default_language : 'en',
    translations: parseTranslations(row.translations),
  };
}

/** An operator's language fields, as the console sends them (both optional on an edit). */
export interface LanguageInput {
  defaultLanguage?: Language | undefined;
  translations?: Partial<Record<Language, Partial<Record<string, string | undefined>>>> | undefined;
}

/**
 * The columns to write for an operator's language fields: everything for a new item (`kept`
 * absent: English by default, no other language), and for an edit only what it changes (an edit
 * that sends neither keeps both).
 */
export function languageColumns(
  input: LanguageInput,
  kept?: TranslatedRow,
): { default_language?: Language; translations?: string } {
  if (!kept) {
    const defaultLanguage = input.defaultLanguage ?? 'en';
    return {
      default_language: defaultLanguage,
      translations: normalizeTranslations(defaultLanguage, input.translations ?? {}),
    };
  }
  if (input.defaultLanguage === undefined && input.translations === undefined) return {};
  const defaultLanguage = input.defaultLanguage ?? contentLanguages(kept).defaultLanguage;
  return {
    default_language: defaultLanguage,
    translations: normalizeTranslations(defaultLanguage, input.translations ?? parseTranslations(kept.translations)),
  };
}

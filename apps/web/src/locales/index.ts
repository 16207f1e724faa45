import type { Language } from '@stride/contract';
import type { Locale as KitLocale } from 'antd-mobile/es/locales/base';
import type { en, Messages } from './en';
import type { AppealsKey, AppealsPrefix } from './appeals/en';
import type { RulesKey, RulesPrefix } from './rules/en';
import type { SourcesKey, SourcesPrefix } from './sources/en';
import type { PaymentPasswordKey, PaymentPasswordPrefix } from './payment-password/en';
import type { KEPT_IN_MAIN, SocialKey, SocialPrefix } from './social/en';

export type { Messages } from './en';

/**
 * The main texts carry no key under a social prefix (`friends.…`, `clubs.…`: decision 097 "Page texts for the social
 * pages") but the few KEPT_IN_MAIN, and none under `rules.` (the "Rules and changes" page's,
 * docs/product/earning-rules.md): one listed in en.ts is a type error here that names it. It belongs in locales/social/
 * or locales/rules/.
 */
type MainTexts<
  T extends {
    readonly [
      key: `${SocialPrefix | RulesPrefix | AppealsPrefix | SourcesPrefix | PaymentPasswordPrefix}${string}`
    ]: never;
  },
> = T;
type KeptInMain = (typeof KEPT_IN_MAIN)[number];

/** Every text key: the main chunk's and the page chunks'. */
export type MessageKey =
  | keyof MainTexts<Omit<typeof en, KeptInMain>>
  | Extract<keyof typeof en, KeptInMain>
  | SocialKey
  | RulesKey
  | AppealsKey
  | SourcesKey
  | PaymentPasswordKey;

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

/**
 * Texts only some pages read, a chunk of their own per language that those pages load as they open (decision 097 "Page
 * texts for the social pages"): `social`, the keys under SOCIAL_PREFIXES (locales/social/en.ts); `rules`, the "Rules and
 * changes" page's (locales/rules/en.ts); `appeals`, the appeals page's and a day receipt's (locales/appeals/en.ts); `sources`, the step
 * sources page's (locales/sources/en.ts); `paymentPassword`, the payment password page's and its sheet's, which the pages
 * whose actions ask for it load too (locales/payment-password/en.ts).
 */
export type PageTexts = 'social' | 'rules' | 'appeals' | 'sources' | 'paymentPassword';

type Texts = Partial<Record<MessageKey, string>>;

const PAGE_TEXT_LOADERS: Readonly<Record<PageTexts, Readonly<Record<Language, () => Promise<Texts>>>>> = {
  social: {
    en: () => import('./social/en').then((module) => module.social),
    es: () => import('./social/es').then((module) => module.social),
    fr: () => import('./social/fr').then((module) => module.social),
    'zh-Hans': () => import('./social/zh-Hans').then((module) => module.social),
    'zh-Hant': () => import('./social/zh-Hant').then((module) => module.social),
  },
  rules: {
    en: () => import('./rules/en').then((module) => module.rules),
    es: () => import('./rules/es').then((module) => module.rules),
    fr: () => import('./rules/fr').then((module) => module.rules),
    'zh-Hans': () => import('./rules/zh-Hans').then((module) => module.rules),
    'zh-Hant': () => import('./rules/zh-Hant').then((module) => module.rules),
  },
  appeals: {
    en: () => import('./appeals/en').then((module) => module.appeals),
    es: () => import('./appeals/es').then((module) => module.appeals),
    fr: () => import('./appeals/fr').then((module) => module.appeals),
    'zh-Hans': () => import('./appeals/zh-Hans').then((module) => module.appeals),
    'zh-Hant': () => import('./appeals/zh-Hant').then((module) => module.appeals),
  },
  sources: {
    en: () => import('./sources/en').then((module) => module.sources),
    es: () => import('./sources/es').then((module) => module.sources),
    fr: () => import('./sources/fr').then((module) => module.sources),
    'zh-Hans': () => import('./sources/zh-Hans').then((module) => module.sources),
    'zh-Hant': () => import('./sources/zh-Hant').then((module) => module.sources),
  },
  paymentPassword: {
    en: () => import('./payment-password/en').then((module) => module.paymentPassword),
    es: () => import('./payment-password/es').then((module) => module.paymentPassword),
    fr: () => import('./payment-password/fr').then((module) => module.paymentPassword),
    'zh-Hans': () => import('./payment-password/zh-Hans').then((module) => module.paymentPassword),
    'zh-Hant': () => import('./payment-password/zh-Hant').then((module) => module.paymentPassword),
  },
};

const loaded: Partial<Record<Language, Messages>> = {};
const loadedKit: Partial<Record<Language, KitLocale>> = {};
const loadedPageTexts: Partial<Record<Language, Texts>> = {};
/** The page texts asked for so far, in any language, and each language's load of them. */
const wanted = new Set<PageTexts>();
const pageTextLoads = new Map<string, Promise<void>>();

/** The UI kit's texts in the language when they have been loaded (with the language's own). */
export function loadedKitLocale(language: Language): KitLocale | undefined {
  return loadedKit[language];
}

/** The language's main texts when they have been loaded (no page chunk's among them). */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** The key's text in the language, from its main texts or a page chunk's, when loaded. */
export function loadedText(language: Language, key: MessageKey): string | undefined {
  const main: Texts | undefined = loaded[language];
  return main?.[key] ?? loadedPageTexts[language]?.[key];
}

/**
 * Loads a page chunk's texts in the language once; later calls answer at once, and a failed load is asked again on the
 * next call. Every later `loadMessages` loads them too, so that switching language on such a page shows it whole.
 */
export function loadPageTexts(texts: PageTexts, language: Language): Promise<void> {
  wanted.add(texts);
  const id = `${texts}:${language}`;
  const known = pageTextLoads.get(id);
  if (known) return known;
  const load = PAGE_TEXT_LOADERS[texts][language]().then(
    (chunk) => {
      loadedPageTexts[language] = { ...loadedPageTexts[language], ...chunk };
    },
    (error: unknown) => {
      pageTextLoads.delete(id);
      throw error;
    },
  );
  pageTextLoads.set(id, load);
  return load;
}

/**
 * Loads the language's texts once, with those of every page chunk asked for so far; later calls answer at once.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  const pages = Promise.all([...wanted].map((texts) => loadPageTexts(texts, language)));
  const known = loaded[language];
  if (known) {
    await pages;
    return known;
  }
  const [{ messages, kit }] = await Promise.all([LOADERS[language](), pages]);
  loaded[language] = messages;
  loadedKit[language] = kit;
  return messages;
}

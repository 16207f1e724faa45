import { LANGUAGES, type Language } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { findPage } from '../app/route-table';
import { PATHS, type AppPath } from '../lib/navigation/paths';
import { loadMessages, type MessageKey, type PageTexts } from './index';
import { APPEALS_PREFIX, appeals as appealsEn } from './appeals/en';
import { appeals as appealsEs } from './appeals/es';
import { appeals as appealsFr } from './appeals/fr';
import { appeals as appealsZhHans } from './appeals/zh-Hans';
import { appeals as appealsZhHant } from './appeals/zh-Hant';
import { SOURCES_PREFIX, sources as sourcesEn } from './sources/en';
import { sources as sourcesEs } from './sources/es';
import { sources as sourcesFr } from './sources/fr';
import { sources as sourcesZhHans } from './sources/zh-Hans';
import { sources as sourcesZhHant } from './sources/zh-Hant';
import { PAYMENT_PASSWORD_PREFIX, paymentPassword as paymentPasswordEn } from './payment-password/en';
import { paymentPassword as paymentPasswordEs } from './payment-password/es';
import { paymentPassword as paymentPasswordFr } from './payment-password/fr';
import { paymentPassword as paymentPasswordZhHans } from './payment-password/zh-Hans';
import { paymentPassword as paymentPasswordZhHant } from './payment-password/zh-Hant';
import { RULES_PREFIX, rules as rulesEn } from './rules/en';
import { rules as rulesEs } from './rules/es';
import { rules as rulesFr } from './rules/fr';
import { rules as rulesZhHans } from './rules/zh-Hans';
import { rules as rulesZhHant } from './rules/zh-Hant';

type Chunk = Readonly<Record<string, string>>;

/**
 * Page texts in a chunk of their own (decision 097): the "Rules and changes" page's, the appeals', the step sources', the
 * payment password's.
 */
const CHUNKS: readonly {
  name: PageTexts;
  prefix: string;
  texts: Readonly<Record<Language, Chunk>>;
  pages: readonly AppPath[];
  title: MessageKey;
}[] = [
  {
    name: 'rules',
    prefix: RULES_PREFIX,
    texts: { en: rulesEn, es: rulesEs, fr: rulesFr, 'zh-Hans': rulesZhHans, 'zh-Hant': rulesZhHant },
    pages: [PATHS.rules],
    title: 'title.rules',
  },
  {
    name: 'appeals',
    prefix: APPEALS_PREFIX,
    texts: { en: appealsEn, es: appealsEs, fr: appealsFr, 'zh-Hans': appealsZhHans, 'zh-Hant': appealsZhHant },
    pages: [PATHS.appeals, PATHS.stepDay],
    title: 'title.appeals',
  },
  {
    name: 'sources',
    prefix: SOURCES_PREFIX,
    texts: { en: sourcesEn, es: sourcesEs, fr: sourcesFr, 'zh-Hans': sourcesZhHans, 'zh-Hant': sourcesZhHant },
    pages: [PATHS.stepSources],
    title: 'title.stepSources',
  },
  {
    name: 'paymentPassword',
    prefix: PAYMENT_PASSWORD_PREFIX,
    texts: {
      en: paymentPasswordEn,
      es: paymentPasswordEs,
      fr: paymentPasswordFr,
      'zh-Hans': paymentPasswordZhHans,
      'zh-Hant': paymentPasswordZhHant,
    },
    // The page, and the pages whose actions ask for the password in its sheet.
    pages: [PATHS.paymentPassword, PATHS.invest, PATHS.withdrawal, PATHS.insurance],
    title: 'title.paymentPassword',
  },
];

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe.each(CHUNKS)('the $name page texts', ({ name, prefix, texts, pages, title }) => {
  it(`all five have exactly the keys of English, none empty, each under the prefix, with its placeholders`, () => {
    const keys = Object.keys(texts.en).sort();
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, chunk] of Object.entries(texts)) {
      expect(Object.keys(chunk).sort(), language).toEqual(keys);
      for (const [key, text] of Object.entries(chunk)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(texts.en[key] ?? ''));
      }
    }
    expect(keys.filter((key) => !key.startsWith(prefix))).toEqual([]);
  });

  it('are not in any language’s main chunk, but the page’s title is, and the pages load them', async () => {
    for (const language of LANGUAGES) {
      const main = await loadMessages(language);
      expect(
        Object.keys(main).filter((key) => key.startsWith(prefix)),
        language,
      ).toEqual([]);
      expect(main, language).toHaveProperty([title]);
    }
    for (const page of pages) expect(findPage(page)?.texts, page).toBe(name);
  });
});

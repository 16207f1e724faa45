import { LANGUAGES, type Language } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { findPage } from '../../app/route-table';
import { PATHS } from '../../lib/navigation/paths';
import { loadMessages } from '../index';
import { RULES_PREFIX, rules as en, type RulesMessages } from './en';
import { rules as es } from './es';
import { rules as fr } from './fr';
import { rules as zhHans } from './zh-Hans';
import { rules as zhHant } from './zh-Hant';

const RULES: Readonly<Record<Language, RulesMessages>> = { en, es, fr, 'zh-Hans': zhHans, 'zh-Hant': zhHant };
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

// The "Rules and changes" page's texts, a chunk of their own as the social pages' (decision 097).
describe('the rules page’s texts', () => {
  it('all five have exactly the keys of English, none empty, each under rules., with its placeholders', () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(RULES).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, texts] of Object.entries(RULES)) {
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
    expect(keys.filter((key) => !key.startsWith(RULES_PREFIX))).toEqual([]);
  });

  it('are not in any language’s main chunk, but the page’s title is, and the page loads them', async () => {
    for (const language of LANGUAGES) {
      const main = await loadMessages(language);
      expect(
        Object.keys(main).filter((key) => key.startsWith(RULES_PREFIX)),
        language,
      ).toEqual([]);
      expect(main, language).toHaveProperty(['title.rules']);
    }
    expect(findPage(PATHS.rules)?.texts).toBe('rules');
  });
});

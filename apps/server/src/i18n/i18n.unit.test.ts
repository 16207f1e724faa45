import { LANGUAGES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { negotiateLanguage, translator } from './index.js';
import { MESSAGES } from './messages.js';

describe('server texts', () => {
  it('exist in all five languages with the same keys and placeholders', () => {
    const base = MESSAGES.en;
    for (const language of LANGUAGES) {
      const messages = MESSAGES[language];
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(base).sort());
      for (const [key, text] of Object.entries(base)) {
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(messages[key as keyof typeof base]), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('fill placeholders', () => {
    expect(translator('fr')('rule.tooLong', { field: 'Mot de passe', max: 64 })).toBe(
      'Mot de passe : doit contenir au plus 64 caractères',
    );
  });
});

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de-DE, fr;q=0.8', 'fr'],
    ['es-MX', 'es'],
    ['zh-CN,zh;q=0.9', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh', 'zh-Hans'],
    ['en;q=0.1, es;q=0.9', 'es'],
    ['fr;q=0, en', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

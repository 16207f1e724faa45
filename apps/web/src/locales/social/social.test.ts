import { LANGUAGES, type Language } from '@stride/contract';
import { describe, expect, it, vi } from 'vitest';
import { findPage } from '../../app/route-table';
import { translate } from '../../lib/i18n/translate';
import { PATHS } from '../../lib/navigation/paths';
import { loadMessages } from '../index';
import { KEPT_IN_MAIN, SOCIAL_PREFIXES, social as en, type SocialMessages } from './en';
import { social as es } from './es';
import { social as fr } from './fr';
import { social as zhHans } from './zh-Hans';
import { social as zhHant } from './zh-Hant';

const SOCIAL: Readonly<Record<Language, SocialMessages>> = { en, es, fr, 'zh-Hans': zhHans, 'zh-Hant': zhHant };
const underSocialPrefix = (key: string) => SOCIAL_PREFIXES.some((prefix) => key.startsWith(prefix));
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('the social pages’ texts (decision 097)', () => {
  it('all five have exactly the keys of English, none empty, each under a social prefix', () => {
    const keys = Object.keys(en).sort();
    expect(keys.length).toBeGreaterThan(0);
    expect(Object.keys(SOCIAL).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, texts] of Object.entries(SOCIAL)) {
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${language}.${key}`).not.toBe('');
    }
    expect(keys.filter((key) => !underSocialPrefix(key))).toEqual([]);
  });

  it('keep the placeholders of English', () => {
    for (const [language, texts] of Object.entries(SOCIAL)) {
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(texts[key as keyof typeof en]), `${language}.${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('are not in any language’s main chunk, but for the few shown outside the social pages', async () => {
    for (const language of LANGUAGES) {
      const main = await loadMessages(language);
      // Texts only the Friends and Clubs pages show.
      expect(main, language).not.toHaveProperty(['friends.intro']);
      expect(main, language).not.toHaveProperty(['clubs.board']);
      const kept: readonly string[] = KEPT_IN_MAIN;
      expect(
        Object.keys(main).filter((key) => underSocialPrefix(key) && !kept.includes(key)),
        language,
      ).toEqual([]);
      expect(
        Object.keys(main).filter((key) => key in en),
        language,
      ).toEqual([]);
      for (const key of kept) expect(main, language).toHaveProperty([key]);
    }
  });

  it('read as any other text once loaded', () => {
    expect(translate('en', 'friends.intro')).toBe(en['friends.intro']);
    expect(translate('fr', 'clubs.board')).toBe(fr['clubs.board']);
    expect(translate('zh-Hant', 'friends.rank', { rank: 3 })).toBe(zhHant['friends.rank'].replace('{rank}', '3'));
  });

  it('are loaded by the Friends and Clubs pages with their code', () => {
    expect(findPage(PATHS.friends)?.texts).toBe('social');
    expect(findPage(PATHS.clubs)?.texts).toBe('social');
  });

  it('come with the page as it opens, and with the language switched to on it; not before', async () => {
    // A first start's module state, without the texts the test setup loads.
    vi.resetModules();
    const locales = await import('../index');
    const { languageStore, setLanguage } = await import('../../lib/i18n/language');
    const { findRoute } = await import('../../app/routes');
    languageStore.set('en');
    await locales.loadMessages('en');
    await locales.loadMessages('es');
    expect(locales.loadedText('en', 'friends.intro')).toBeUndefined();
    expect(locales.loadedText('en', 'tip')).toBe('Tip');

    await findRoute(PATHS.friends)?.load();
    expect(locales.loadedText('en', 'friends.intro')).toBe(en['friends.intro']);
    expect(locales.loadedText('es', 'friends.intro')).toBeUndefined();

    await setLanguage('fr');
    expect(languageStore.get()).toBe('fr');
    expect(locales.loadedText('fr', 'friends.intro')).toBe(fr['friends.intro']);
    expect(locales.loadedText('fr', 'clubs.board')).toBe(fr['clubs.board']);
  });
});

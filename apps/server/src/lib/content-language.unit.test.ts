import { describe, expect, it } from 'vitest';
import {
  contentLanguages,
  fallbackOrder,
  languageColumns,
  localize,
  normalizeTranslations,
} from './content-language.js';

const row = (defaultLanguage: string, translations: object) => ({
  default_language: defaultLanguage,
  translations: JSON.stringify(translations),
});

describe('content in the user’s language (decision 042)', () => {
  it('looks in the requested language, its Chinese sibling, the default language, then any', () => {
    expect(fallbackOrder('zh-Hant', 'en')).toEqual(['zh-Hant', 'zh-Hans', 'en', 'es', 'fr']);
    expect(fallbackOrder('zh-Hans', 'fr')).toEqual(['zh-Hans', 'zh-Hant', 'fr', 'en', 'es']);
    expect(fallbackOrder('es', 'zh-Hans')).toEqual(['es', 'zh-Hans', 'en', 'fr', 'zh-Hant']);
    expect(fallbackOrder('en', 'en')).toEqual(['en', 'es', 'fr', 'zh-Hans', 'zh-Hant']);
  });

  it('resolves each field on its own, and keeps the default text when nothing else has one', () => {
    const goods = row('en', { 'zh-Hans': { name: '运动水壶' }, es: { name: 'Botella', description: '600 ml' } });
    const base = { name: 'Bottle', description: '' };
    expect(localize('zh-Hans', goods, base)).toEqual({ name: '运动水壶', description: '600 ml' });
    expect(localize('zh-Hant', goods, base)).toEqual({ name: '运动水壶', description: '600 ml' });
    expect(localize('fr', goods, base)).toEqual({ name: 'Bottle', description: '600 ml' });
    expect(localize('en', goods, base)).toEqual({ name: 'Bottle', description: '600 ml' });
    expect(localize(undefined, goods, base)).toEqual(base);
    // A default language other than English: its text comes before any other.
    expect(localize('es', row('fr', { en: { name: 'Bottle' } }), { name: 'Gourde' })).toEqual({ name: 'Gourde' });
  });

  it('reads damaged stored translations as none rather than failing', () => {
    expect(localize('es', { default_language: 'en', translations: 'not json' }, { name: 'Bottle' })).toEqual({
      name: 'Bottle',
    });
    expect(contentLanguages({ default_language: 'xx', translations: '[1]' })).toEqual({
      defaultLanguage: 'en',
      translations: {},
    });
  });

  it('stores trimmed texts, without empty fields, empty languages or the default language', () => {
    expect(
      JSON.parse(
        normalizeTranslations('en', {
          en: { name: 'ignored' },
          es: { name: '  Botella ', description: '' },
          fr: { name: '   ' },
        }),
      ),
    ).toEqual({ es: { name: 'Botella' } });
  });

  it('keeps both language fields on an edit that sends neither', () => {
    const kept = row('en', { es: { name: 'Botella' } });
    expect(languageColumns({}, kept)).toEqual({});
    expect(languageColumns({ defaultLanguage: 'es' }, kept)).toEqual({ default_language: 'es', translations: '{}' });
    expect(languageColumns({})).toEqual({ default_language: 'en', translations: '{}' });
  });
});

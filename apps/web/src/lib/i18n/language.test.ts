import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY, createLanguageStore, detectLanguage, matchLanguage } from './language';
import { translate } from './translate';

describe('language', () => {
  it('maps any Chinese variant to simplified or traditional', () => {
    expect(matchLanguage('zh')).toBe('zh-Hans');
    expect(matchLanguage('zh-CN')).toBe('zh-Hans');
    expect(matchLanguage('zh-SG')).toBe('zh-Hans');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-Hans');
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW']) expect(matchLanguage(tag)).toBe('zh-Hant');
    expect(matchLanguage('fr-CA')).toBe('fr');
    expect(matchLanguage('de-DE')).toBeUndefined();
  });

  it('prefers the saved choice, then the browser, then English', () => {
    expect(detectLanguage('es', ['fr-FR'])).toBe('es');
    expect(detectLanguage(null, ['de-DE', 'fr-FR'])).toBe('fr');
    expect(detectLanguage('klingon', ['de'])).toBe('en');
  });

  it('saves a choice and tells subscribers', () => {
    const store = createLanguageStore(window.localStorage, ['en-US']);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('zh-Hant');
    expect(store.get()).toBe('zh-Hant');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('zh-Hant');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createLanguageStore(window.localStorage, ['en-US']).get()).toBe('zh-Hant');
  });

  it('translates with parameters', () => {
    expect(translate('en', 'home.greeting', { account: '+1555' })).toBe('Hello, +1555');
    expect(translate('zh-Hans', 'tip')).toBe('提示');
  });

  it('says a full stop once when a value typed with one stands before the text’s own', () => {
    expect(translate('en', 'identity.rejectReason', { reason: 'Photo is blurred.' })).toBe(
      'Reason: Photo is blurred. Please correct it and submit again.',
    );
    expect(translate('en', 'identity.rejectReason', { reason: 'Photo is blurred' })).toBe(
      'Reason: Photo is blurred. Please correct it and submit again.',
    );
    expect(translate('en', 'withdraw.rejectReason', { reason: 'Closed account.' })).toBe('Reason: Closed account.');
  });
});

import { LANGUAGES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { MESSAGES, negotiateLanguage, translator } from './index.js';

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

  it('use the singular for a count of one, by each language’s plural rule', () => {
    const en = translator('en');
    expect(en('rateLimited', { minutes: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(en('rateLimited', { minutes: 2 })).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(translator('es')('rateLimited', { minutes: 1 })).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 1 minuto.',
    );
    expect(translator('es')('rateLimited', { minutes: 5 })).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 5 minutos.',
    );
    expect(translator('fr')('rateLimited', { minutes: 1 })).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    expect(translator('fr')('rateLimited', { minutes: 3 })).toBe('Trop de tentatives. Réessayez dans 3 minutes.');
    expect(translator('zh-Hans')('rateLimited', { minutes: 1 })).toBe('尝试次数过多，请 1 分钟后再试。');
    expect(translator('zh-Hant')('rateLimited', { minutes: 1 })).toBe('嘗試次數過多，請 1 分鐘後再試。');
  });

  it('fill placeholders', () => {
    expect(translator('fr')('rule.tooLong', { field: 'Mot de passe', max: 64 })).toBe(
      'Mot de passe : doit contenir au plus 64 caractères',
    );
  });

  it('say a full stop once when a value typed with one stands before the template’s own', () => {
    const reason = { reason: 'Photo is blurred.' };
    expect(translator('en')('notification.identity.rejected.body', reason)).toBe(
      'Reason: Photo is blurred. Please correct it and submit again.',
    );
    expect(translator('zh-Hans')('notification.identity.rejected.body', { reason: '照片模糊。' })).toBe(
      '原因：照片模糊。请修改后重新提交。',
    );
    // Only a closing stop before the template's own goes: elsewhere the value is kept whole.
    expect(
      translator('en')('notification.withdrawal.rejected.body', { amount: '50.00', reason: 'Closed account.' }),
    ).toBe('Your withdrawal of ¥50.00 was rejected: Closed account. The whole amount is back in your balance.');
    expect(translator('en')('rule.tooLong', { field: 'Name.', max: 5 })).toBe('Name.: must be at most 5 characters');
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

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@stride/contract';
import { APP_LANGUAGES } from '../lib/i18n/language';
import { en } from './en';
import { loadMessages, type Messages } from './index';

const LOCALES: Record<string, Messages> = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const)),
);

describe('locales', () => {
  it('all five have exactly the same keys as English, none empty', () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const [language, messages] of Object.entries(LOCALES)) {
      expect(Object.keys(messages).sort(), language).toEqual(keys);
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), `${language}.${key}`).not.toBe('');
    }
  });

  it('keep the placeholders of English', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const messages of Object.values(LOCALES)) {
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(messages[key as keyof typeof en]), key).toEqual(placeholders(text));
      }
    }
  });

  it('the app lists the contract languages', () => {
    expect([...APP_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  it('carry the framework texts of docs/product/client.md in English', () => {
    expect(en).toMatchObject({
      tip: 'Tip',
      cancel: 'Cancel',
      ok: 'OK',
      requestError: 'request error',
      networkError: 'Network error, please try again later',
      connectionTimeout: 'The connection timed out, click the screen to try again.',
      copied: 'Content copied',
      copyFailed: 'Copy failed, please copy manually',
      verifyNow: 'verify now',
      invalidInput: 'the input data is not valid',
    });
  });
});

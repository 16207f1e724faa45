import { describe, expect, it } from 'vitest';
import { MobileSchema } from '../common.js';
import { NewPasswordSchema, NicknameSchema } from '../endpoints/accounts.js';
import {
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  isMobileNumber,
  isNewPassword,
  isNickname,
} from './account-fields.js';

// The web app's forms check with the plain functions, the server with the schemas (decision 065 "The contract without
// its schemas in the browser"): both must answer the same for every kind of value either can meet.
const PASSWORDS = [
  '',
  'abc123',
  'abcd123',
  'abcd1234',
  'ABCD1234',
  'abcdefgh',
  '12345678',
  'pass word 1',
  'a1'.repeat(PASSWORD_MAX / 2),
  `${'a1'.repeat(PASSWORD_MAX / 2)}x`,
  'a'.repeat(PASSWORD_MIN - 1) + '1',
  'pässwort1',
  'password1\n',
  'pass\tword1',
  'pass\u0000word1',
  'pass\u007fword1',
  '密码密码密码ab1',
  '  abcd1234  ',
];

const NICKNAMES = [
  '',
  ' ',
  'Lin',
  '  Lin  ',
  '林',
  '🙂'.repeat(NICKNAME_MAX),
  '🙂'.repeat(NICKNAME_MAX + 1),
  'a'.repeat(NICKNAME_MAX),
  'a'.repeat(NICKNAME_MAX + 1),
  `  ${'a'.repeat(NICKNAME_MAX)}  `,
  'Lin\nWalker',
  'Lin\u2028Walker',
  'Lin\u202eWalker',
  'Lin\u2066Walker',
  'Lin\u0085Walker',
  'Lin\u0000',
  '\tLin',
  'Lin Walker',
];

const MOBILES = [
  '',
  '138001',
  '1380013',
  '13800138000',
  ' 13800138000 ',
  '+8613800138000',
  '+1'.padEnd(16, '5'),
  '+1'.padEnd(17, '5'),
  '013800138000',
  '138-0013-8000',
  '1380013800a',
  '++13800138000',
];

describe('account fields as plain functions (decision 065)', () => {
  it.each(MOBILES)('judges the mobile number %j as the schema does', (value) => {
    expect(isMobileNumber(value)).toBe(MobileSchema.safeParse(value).success);
  });

  it.each(PASSWORDS)('judges the password %j as the schema does', (value) => {
    expect(isNewPassword(value)).toBe(NewPasswordSchema.safeParse(value).success);
  });

  it.each(NICKNAMES)('judges the nickname %j as the schema does', (value) => {
    expect(isNickname(value)).toBe(NicknameSchema.safeParse(value).success);
  });

  it('takes a good password and a good nickname, and refuses a short password and an empty nickname', () => {
    expect(isNewPassword('walk2026')).toBe(true);
    expect(isNewPassword('walk26')).toBe(false);
    expect(isNickname('  Lin  ')).toBe(true);
    expect(isNickname('   ')).toBe(false);
  });
});

import {
  // In the order the tests call them.
  consoleUsersSearch,
  consoleUserGet,
  CODES,
  consoleUserFreeze,
  consoleUserUnfreeze,
  consoleUserOrders,
  consoleUserStatement,
  consoleUserWithdrawals,
  consoleUserResetLoginLimits,
  getHome,
  getUserInfo,
  login,
  type BodyOf,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, pendingWithdrawal, signIn } from '../../../test/console.js';
import { api, fundUser, GOOD_PASSWORD, registerUser, solveCaptcha, useTestApp } from '../../../test/harness.js';

const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

const logIn = (body: BodyOf<typeof login>, remoteAddress = '10.1.0.1') => api(t, login, { body, remoteAddress });

async function actions(action: string) {
  const { rows } = await t.app.services.audit.search({ action }, { limit: 50, offset: 0 });
  return rows;
}

describe('user search and the user page', () => {
  it('finds users by part of the number or by id, masked for support, whole for an admin; a recorded look', async () => {
    const support = await signIn(t, ['support']);
    const admin = await signIn(t, ['admin']);
    const { userId, account } = await registerUser(t);
    const part = account.slice(-7);

    const masked = await consoleApi(t, support, consoleUsersSearch, { query: { q: part } });
    expect(masked.code, masked.message).toBe(CODES.OK);
    expect(masked.data.masked).toBe(true);
    const row = masked.data.items.find((item) => item.id === userId);
    expect(row).toMatchObject({ status: 'active', realNameStatus: 'none' });
    expect(row?.account).toBe(`${account.slice(0, 3)}${'*'.repeat(account.length - 7)}${account.slice(-4)}`);
    expect(JSON.stringify(masked.data)).not.toContain(account);

    const whole = await consoleApi(t, admin, consoleUsersSearch, { query: { q: userId } });
    expect(whole.data).toMatchObject({ masked: false, total: 1, items: [{ id: userId, account }] });

    const looks = await actions('user.search');
    expect(looks.map((look) => look.operator).sort()).toEqual([admin.name, support.name].sort());
    const bySupport = looks.find((look) => look.operator === support.name);
    expect(JSON.parse(bySupport?.detail ?? '{}')).toMatchObject({ masked: true, userIds: [userId] });
    // The search term is a personal number: it is not kept in the record.
    expect(looks.map((look) => look.detail ?? '').join()).not.toContain(part);

    const tooShort = await consoleApi(t, support, consoleUsersSearch, { query: { q: '12' } });
    expect(tooShort.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('pages through many matches', async () => {
    const support = await signIn(t, ['support']);
    const prefix = `+8613${String(Date.now()).slice(-5)}`;
    for (let i = 0; i < 3; i += 1) await registerUser(t, `${prefix}${String(i).padStart(4, '0')}`);
    const first = await consoleApi(t, support, consoleUsersSearch, { query: { q: prefix, pageSize: 2 } });
    expect(first.data).toMatchObject({ total: 3, hasMore: true });
    expect(first.data.items).toHaveLength(2);
    const second = await consoleApi(t, support, consoleUsersSearch, { query: { q: prefix, page: 2, pageSize: 2 } });
    expect(second.data).toMatchObject({ total: 3, hasMore: false });
    expect(second.data.items).toHaveLength(1);
  });

  it('shows verification, balances, payout methods, withdrawals, invitees and both statements, masked for support', async () => {
    const support = await signIn(t, ['support']);
    const admin = await signIn(t, ['admin']);
    const { userId, token } = await pendingWithdrawal(t, 5_000);
    const me = await api(t, getUserInfo, { token });
    const invitee = await registerUser(t, `+8617${String(Date.now()).slice(-9)}`, GOOD_PASSWORD, me.data.inviteCode);
    await fundUser(t, userId, 300, 'POINTS');

    const page = await consoleApi(t, support, consoleUserGet, { params: { id: userId } });
    expect(page.code, page.message).toBe(CODES.OK);
    expect(page.data.masked).toBe(true);
    expect(page.data.user).toMatchObject({ id: userId, status: 'active', version: 1, frozenAt: null });
    expect(page.data.verification).toMatchObject({ status: 'verified', name: 'L****', faceVerified: true });
    expect(page.data.verification.idNumberMasked).toMatch(/^\w{3}\*+\w{4}$/);
    expect(page.data.balances.points).toBe(300);
    expect(page.data.bankCards).toHaveLength(1);
    expect(page.data.bankCards[0]?.accountMasked).toMatch(/^\*{4}\d{4}$/);
    expect(page.data.invitees.map((row) => row.id)).toEqual([invitee.userId]);
    expect(page.data.invitees[0]?.account).toMatch(/^\+86\*+\d{4}$/);
    const whole = await consoleApi(t, admin, consoleUserGet, { params: { id: userId } });
    expect(whole.data.verification.name).toBe('Li Na');
    expect(whole.data.user.account).toBe(me.data.account);

    const withdrawals = await consoleApi(t, support, consoleUserWithdrawals, { params: { id: userId }, query: {} });
    expect(withdrawals.data.items).toHaveLength(1);
    expect(withdrawals.data.items[0]).toMatchObject({ amount: 5_000, status: 'pending' });
    expect(withdrawals.data.items[0]?.bankCard.accountMasked).toMatch(/^\*{4}\d{4}$/);

    const cash = await consoleApi(t, support, consoleUserStatement, {
      params: { id: userId },
      query: { asset: 'CNY' },
    });
    // Funded, then the withdrawal left the balance: newest first, each with the balance after it.
    expect(cash.data.items.map((entry) => [entry.amount, entry.balanceAfter])).toEqual([
      [-5_000, 5_000],
      [10_000, 10_000],
    ]);
    const points = await consoleApi(t, support, consoleUserStatement, {
      params: { id: userId },
      query: { asset: 'POINTS', pageSize: 1 },
    });
    expect(points.data).toMatchObject({ total: 1, items: [{ amount: 300, balanceAfter: 300 }] });

    const orders = await consoleApi(t, support, consoleUserOrders, { params: { id: userId }, query: {} });
    expect(orders.data).toMatchObject({ total: 0, items: [] });

    const { rows: looks } = await t.app.services.audit.search(
      { subjectType: 'user', subjectId: userId },
      { limit: 50, offset: 0 },
    );
    expect(looks.map((row) => row.action).sort()).toEqual(
      [
        'user.view',
        'user.view',
        'user.view-orders',
        'user.view-statement',
        'user.view-statement',
        'user.view-withdrawals',
      ].sort(),
    );
    expect(looks.every((row) => row.source === 'console' && row.operator_id !== null)).toBe(true);
  });

  it('answers 1004 for an unknown user', async () => {
    const support = await signIn(t, ['support']);
    const answer = await consoleApi(t, support, consoleUserGet, { params: { id: 'no-such-user' } });
    expect(answer.code).toBe(CODES.NOT_FOUND);
  });
});

describe('freeze and unfreeze', () => {
  it('refuses a frozen user every call with a token and every login with 1018, until unfrozen', async () => {
    const admin = await signIn(t, ['admin']);
    const { userId, token, account, password } = await registerUser(t);
    expect((await api(t, getUserInfo, { token })).code).toBe(CODES.OK);

    const frozen = await consoleApi(t, admin, consoleUserFreeze, {
      params: { id: userId },
      body: { version: 1, reason: 'chargeback fraud' },
    });
    expect(frozen.code, frozen.message).toBe(CODES.OK);
    expect(frozen.data).toMatchObject({
      status: 'frozen',
      frozenBy: admin.name,
      frozenReason: 'chargeback fraud',
      version: 2,
    });

    // The token in the app's hands now answers 1018 on user endpoints, and on public ones it is sent to.
    const info = await api(t, getUserInfo, { token });
    expect(info).toMatchObject({
      code: CODES.ACCOUNT_FROZEN,
      message: 'This account is frozen. Please contact customer service.',
    });
    expect((await api(t, getHome, { token })).code).toBe(CODES.ACCOUNT_FROZEN);
    expect((await logIn({ account, password })).code).toBe(CODES.ACCOUNT_FROZEN);
    // Only the right password learns that the account is frozen.
    expect((await logIn({ account, password: 'wrong-pass-1' })).code).toBe(CODES.CREDENTIALS_INVALID);

    const unfrozen = await consoleApi(t, admin, consoleUserUnfreeze, {
      params: { id: userId },
      body: { version: 2, reason: 'refund settled' },
    });
    expect(unfrozen.data).toMatchObject({ status: 'active', frozenAt: null, frozenBy: null, version: 3 });
    // The session from before the freeze stays ended; a new login works.
    expect((await api(t, getUserInfo, { token })).code).toBe(CODES.SESSION_INVALID);
    const again = await logIn({ account, password });
    expect(again.code).toBe(CODES.OK);
    expect((await api(t, getUserInfo, { token: again.data.token })).code).toBe(CODES.OK);

    const records = [...(await actions('user.freeze')), ...(await actions('user.unfreeze'))];
    expect(
      records.map((row) => ({
        action: row.action,
        operator: row.operator,
        source: row.source,
        detail: JSON.parse(row.detail ?? 'null') as unknown,
        before: JSON.parse(row.before ?? 'null') as unknown,
        after: JSON.parse(row.after ?? 'null') as unknown,
      })),
    ).toEqual([
      {
        action: 'user.freeze',
        operator: admin.name,
        source: 'console',
        detail: { reason: 'chargeback fraud' },
        before: { status: 'active', reason: null, version: 1 },
        after: { status: 'frozen', reason: 'chargeback fraud', version: 2 },
      },
      {
        action: 'user.unfreeze',
        operator: admin.name,
        source: 'console',
        detail: { reason: 'refund settled' },
        before: { status: 'frozen', reason: 'chargeback fraud', version: 2 },
        after: { status: 'active', reason: null, version: 3 },
      },
    ]);
  });

  it('refuses a stale page with 1017 and a repeated freeze with 1007, changing nothing', async () => {
    const first = await signIn(t, ['admin']);
    const second = await signIn(t, ['admin']);
    const { userId } = await registerUser(t);
    const freeze = (session: typeof first, version: number) =>
      consoleApi(t, session, consoleUserFreeze, { params: { id: userId }, body: { version, reason: 'spam' } });
    expect((await freeze(first, 1)).code).toBe(CODES.OK);
    // The second admin's page still shows version 1.
    const stale = await freeze(second, 1);
    expect(stale).toMatchObject({
      code: CODES.STALE_EDIT,
      message: 'Someone changed this meanwhile. Reload it and make your change again.',
    });
    const stillFrozen = await freeze(second, 2);
    expect(stillFrozen).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'This account is already frozen.' });
    const staleUnfreeze = await consoleApi(t, second, consoleUserUnfreeze, {
      params: { id: userId },
      body: { version: 1, reason: 'x' },
    });
    expect(staleUnfreeze.code).toBe(CODES.STALE_EDIT);
    expect((await actions('user.freeze')).filter((row) => row.subject_id === userId)).toHaveLength(1);
    expect((await actions('user.unfreeze')).filter((row) => row.subject_id === userId)).toHaveLength(0);
    const row = await t.db
      .selectFrom('users')
      .select(['version', 'frozen_by'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 2, frozen_by: first.name });
  });

  it('lets two admins race: exactly one freeze wins', async () => {
    const [a, b] = await Promise.all([signIn(t, ['admin']), signIn(t, ['admin'])]);
    const { userId } = await registerUser(t);
    const answers = await Promise.all(
      [a, b].map((session) =>
        consoleApi(t, session, consoleUserFreeze, { params: { id: userId }, body: { version: 1, reason: 'race' } }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.STALE_EDIT].sort());
    expect((await actions('user.freeze')).filter((row) => row.subject_id === userId)).toHaveLength(1);
  });

  it('requires a reason, and refuses support', async () => {
    const admin = await signIn(t, ['admin']);
    const support = await signIn(t, ['support']);
    const { userId } = await registerUser(t);
    const blank = await consoleApi(t, admin, consoleUserFreeze, {
      params: { id: userId },
      body: { version: 1, reason: '  ' },
    });
    expect(blank.code).toBe(CODES.VALIDATION_FAILED);
    const refused = await consoleApi(t, support, consoleUserFreeze, {
      params: { id: userId },
      body: { version: 1, reason: 'no' },
    });
    expect(refused.code).toBe(CODES.FORBIDDEN);
  });
});

describe('login limits', () => {
  it("clears the account's lockout so its owner logs in at once; recorded", async () => {
    const support = await signIn(t, ['support']);
    const { userId, account, password } = await registerUser(t);
    const address = '10.1.5.5';
    for (let i = 0; i < 3; i += 1) {
      expect((await logIn({ account, password: 'wrong-pass-1' }, address)).code).toBe(CODES.CREDENTIALS_INVALID);
    }
    for (let i = 0; i < 7; i += 1) {
      const result = await logIn({ account, password: 'wrong-pass-1', ...(await solveCaptcha(t)) }, address);
      expect(result.code).toBe(CODES.CREDENTIALS_INVALID);
    }
    expect((await logIn({ account, password, ...(await solveCaptcha(t)) }, address)).code).toBe(CODES.RATE_LIMITED);
    // Elsewhere, the account's failures ask for a captcha.
    expect((await logIn({ account, password }, '10.1.6.6')).code).toBe(CODES.CAPTCHA_REQUIRED);

    const reset = await consoleApi(t, support, consoleUserResetLoginLimits, { params: { id: userId } });
    expect(reset.code, reset.message).toBe(CODES.OK);
    expect(reset.data.cleared).toBeGreaterThanOrEqual(2);
    // No longer locked; the failing address itself still asks for a captcha (its counter over
    // every account is not this user's), anywhere else none is asked.
    expect((await logIn({ account, password }, '10.1.6.6')).code).toBe(CODES.OK);
    expect((await logIn({ account, password, ...(await solveCaptcha(t)) }, address)).code).toBe(CODES.OK);

    const [record] = await actions('user.reset-login-limits');
    expect(record).toMatchObject({
      operator: support.name,
      subject_type: 'user',
      subject_id: userId,
      source: 'console',
    });
    expect(JSON.parse(record?.after ?? 'null')).toEqual({ counters: 0 });
  });
});

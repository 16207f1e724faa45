import {
  CODES,
  consoleLedgerReport,
  // A correction's life: requested, then approved, rejected or cancelled.
  consoleCorrectionRequest,
  consoleCorrectionApprove,
  consoleCorrectionReject,
  consoleCorrectionCancel,
  consoleCorrections,
  consoleCorrectionUser,
  listMoneyStatement,
  requestWithdrawal,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn, type ConsoleSession } from '../../../test/console.js';
import {
  addBankCard,
  api,
  balanceOf,
  faceCheckedUser,
  fundUser,
  idempotencyKey,
  registerUser,
  useTestApp,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';

const t = useTestApp();

const request = (
  session: ConsoleSession,
  body: { user: string; direction: 'credit' | 'debit'; asset: 'CNY' | 'POINTS'; amount: number; reason?: string },
) => consoleApi(t, session, consoleCorrectionRequest, { body: { reason: 'Goodwill after an outage', ...body } });

/** A target's recorded actions, by action name (one clock tick holds them all, so time cannot order them). */
const actionsOf = async (subjectId: string) =>
  (await t.app.services.audit.search({ subjectId }, { limit: 20, offset: 0 })).rows
    .sort((x, y) => x.action.localeCompare(y.action))
    .map((row) => ({
      action: row.action,
      operator: row.operator,
      source: row.source,
      before: row.before === null ? null : (JSON.parse(row.before) as unknown),
      after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    }));

describe('balance corrections under four eyes', () => {
  it("credits a user once, approved by a second operator, and shows it in the user's statement", async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    await fundUser(t, user.userId, 1_000);
    const asked = await request(a, { user: user.account, direction: 'credit', asset: 'CNY', amount: 2_550 });
    expect(asked.code, asked.message).toBe(CODES.OK);
    expect(asked.data).toMatchObject({ userId: user.userId, status: 'pending', mine: true, requestedBy: a.name });
    expect(asked.data.userMobileMasked).toBe(`${user.account.slice(0, 3)}****${user.account.slice(-4)}`);
    const id = asked.data.id;

    // The requester sees it as theirs and cannot approve or reject it.
    const own = await consoleApi(t, a, consoleCorrectionApprove, { params: { id } });
    expect(own).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(own.message).toContain('a different finance operator must approve it');
    const ownReject = await consoleApi(t, a, consoleCorrectionReject, { params: { id }, body: { reason: 'x' } });
    expect(ownReject.code).toBe(CODES.BUSINESS_RULE);
    expect(await balanceOf(t, user.userId)).toBe(1_000);
    const seenByB = await consoleApi(t, b, consoleCorrections, { query: { status: 'pending' } });
    expect(seenByB.data.items.find((row) => row.id === id)).toMatchObject({ mine: false });

    const approved = await consoleApi(t, b, consoleCorrectionApprove, { params: { id } });
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: b.name });
    expect(await balanceOf(t, user.userId)).toBe(3_550);
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'adjustments', asset: 'CNY' })).toBe(-2_550);
    // Once: a second approval changes nothing.
    const again = await consoleApi(t, b, consoleCorrectionApprove, { params: { id } });
    expect(again.message).toContain('already approved');
    expect(await balanceOf(t, user.userId)).toBe(3_550);

    const statement = await api(t, listMoneyStatement, { token: user.token, query: {} });
    expect(statement.data.items[0]).toMatchObject({ type: 'adjustment.credit', amount: 2_550, balanceAfter: 3_550 });

    expect(await actionsOf(id)).toEqual([
      {
        action: 'correction.approve',
        operator: b.name,
        source: 'console',
        before: { status: 'pending', balance: 1_000 },
        // Both operators were made directly (as on the command line): nobody created either.
        after: {
          status: 'approved',
          balance: 3_550,
          requester: expect.objectContaining({ name: a.name, createdBy: null, rolesChangedBy: null }) as unknown,
          approver: expect.objectContaining({ name: b.name, createdBy: null, rolesChangedBy: null }) as unknown,
        },
      },
      {
        action: 'correction.request',
        operator: a.name,
        source: 'console',
        before: null,
        after: { status: 'pending', direction: 'credit', asset: 'CNY', amount: 2_550 },
      },
    ]);
  });

  it('refuses at approval a debit beyond the balance, changing nothing', async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    await fundUser(t, user.userId, 500);
    const asked = await request(a, { user: user.userId, direction: 'debit', asset: 'CNY', amount: 800 });
    await fundUser(t, user.userId, 100);
    const refused = await consoleApi(t, b, consoleCorrectionApprove, { params: { id: asked.data.id } });
    expect(refused.code).toBe(CODES.BUSINESS_RULE);
    expect(refused.message).toContain('would take it below zero');
    expect(await balanceOf(t, user.userId)).toBe(600);
    const row = await t.db
      .selectFrom('balance_corrections')
      .selectAll()
      .where('id', '=', asked.data.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'pending', decided_by: null, transfer_id: null });
    expect((await actionsOf(asked.data.id)).map((action) => action.action)).toEqual(['correction.request']);
    // Once the balance suffices, the same correction goes through.
    await fundUser(t, user.userId, 200);
    expect((await consoleApi(t, b, consoleCorrectionApprove, { params: { id: asked.data.id } })).code).toBe(CODES.OK);
    expect(await balanceOf(t, user.userId)).toBe(0);
    const statement = await api(t, listMoneyStatement, { token: user.token, query: { type: 'adjustment.debit' } });
    expect(statement.data.items).toEqual([expect.objectContaining({ amount: -800, balanceAfter: 0 })]);
  });

  it('rejects with a reason by another operator; only the requester cancels', async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    const first = await request(a, { user: user.userId, direction: 'credit', asset: 'POINTS', amount: 300 });
    const rejected = await consoleApi(t, b, consoleCorrectionReject, {
      params: { id: first.data.id },
      body: { reason: 'Reward already paid' },
    });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      decisionReason: 'Reward already paid',
      decidedBy: b.name,
    });
    expect((await actionsOf(first.data.id))[0]).toMatchObject({
      action: 'correction.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'Reward already paid' },
    });

    const second = await request(a, { user: user.userId, direction: 'credit', asset: 'POINTS', amount: 300 });
    const notTheirs = await consoleApi(t, b, consoleCorrectionCancel, { params: { id: second.data.id } });
    expect(notTheirs.message).toContain(`Only its requester ${a.name}`);
    const cancelled = await consoleApi(t, a, consoleCorrectionCancel, { params: { id: second.data.id } });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect((await consoleApi(t, b, consoleCorrectionApprove, { params: { id: second.data.id } })).message).toContain(
      'already cancelled',
    );
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(0);
  });

  it('credits points, lists pending first and filters by status, pages', async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    const done = await request(a, { user: user.userId, direction: 'credit', asset: 'POINTS', amount: 40 });
    await consoleApi(t, b, consoleCorrectionApprove, { params: { id: done.data.id } });
    const waiting = await request(a, { user: user.userId, direction: 'credit', asset: 'POINTS', amount: 7 });
    expect(await balanceOf(t, user.userId, 'POINTS')).toBe(40);
    const all = await consoleApi(t, a, consoleCorrections, { query: { pageSize: 50 } });
    const firstDecided = all.data.items.findIndex((row) => row.status !== 'pending');
    const lastPending = all.data.items.map((row) => row.status).lastIndexOf('pending');
    expect(lastPending).toBeLessThan(firstDecided);
    expect(all.data.items.map((row) => row.id)).toEqual(expect.arrayContaining([done.data.id, waiting.data.id]));
    const approved = await consoleApi(t, a, consoleCorrections, { query: { status: 'approved', pageSize: 1 } });
    expect(approved.data.items.every((row) => row.status === 'approved')).toBe(true);
    expect(approved.data).toMatchObject({ pageSize: 1, hasMore: approved.data.total > 1 });
  });

  it('refuses an unknown user and a non-positive amount', async () => {
    const a = await signIn(t, ['finance']);
    const unknown = await request(a, { user: '13800000000', direction: 'credit', asset: 'CNY', amount: 100 });
    expect(unknown).toMatchObject({ code: CODES.BUSINESS_RULE });
    const zero = await request(a, {
      user: (await registerUser(t)).userId,
      direction: 'credit',
      asset: 'CNY',
      amount: 0,
    });
    expect(zero.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('looks a user up by mobile number, masked, and records the look', async () => {
    const a = await signIn(t, ['finance']);
    const user = await registerUser(t);
    await fundUser(t, user.userId, 1_234);
    const found = await consoleApi(t, a, consoleCorrectionUser, { query: { user: user.account } });
    expect(found.data).toEqual({
      userId: user.userId,
      userMobileMasked: `${user.account.slice(0, 3)}****${user.account.slice(-4)}`,
      balances: { CNY: 1_234, POINTS: 0 },
    });
    expect(await actionsOf(user.userId)).toEqual([
      expect.objectContaining({ action: 'user.view-balances', operator: a.name, source: 'console' }),
    ]);
  });
});

describe('balance corrections under concurrency', () => {
  it('approves once of two operators approving at the same time', async () => {
    const [a, b, c] = [await signIn(t, ['finance']), await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    const asked = await request(a, { user: user.userId, direction: 'credit', asset: 'CNY', amount: 900 });
    const answers = await Promise.all(
      [b, c, b, c].map((session) =>
        consoleApi(t, session, consoleCorrectionApprove, { params: { id: asked.data.id } }),
      ),
    );
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== CODES.OK)) {
      expect(answer).toMatchObject({ code: CODES.BUSINESS_RULE });
    }
    expect(await balanceOf(t, user.userId)).toBe(900);
    const approvals = (await actionsOf(asked.data.id)).filter((action) => action.action === 'correction.approve');
    expect(approvals).toHaveLength(1);
  });

  it('never takes a balance below zero when a debit races a withdrawal', async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    for (let round = 0; round < 3; round += 1) {
      const user = await faceCheckedUser(t, 5_000);
      const card = await addBankCard(t, user.token);
      const debit = await request(a, { user: user.userId, direction: 'debit', asset: 'CNY', amount: 4_000 });
      const [approval, withdrawal] = await Promise.all([
        consoleApi(t, b, consoleCorrectionApprove, { params: { id: debit.data.id } }),
        api(t, requestWithdrawal, {
          token: user.token,
          body: {
            amount: 3_000,
            bankCardId: card.data.id,
            idempotencyKey: idempotencyKey(),
            paymentPassword: PAYMENT_PASSWORD,
          },
        }),
      ]);
      // Either one, never both: 4,000 + 3,000 is more than the 5,000 held.
      expect([approval.code, withdrawal.code].filter((code) => code === CODES.OK)).toHaveLength(1);
      const balance = await balanceOf(t, user.userId);
      expect(balance).toBe(approval.code === CODES.OK ? 1_000 : 2_000);
    }
  });
});

describe('the ledger report', () => {
  it("shows the system accounts, users' balances and a clean invariant check", async () => {
    const [a, b] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const user = await registerUser(t);
    const asked = await request(a, { user: user.userId, direction: 'credit', asset: 'CNY', amount: 1_100 });
    await consoleApi(t, b, consoleCorrectionApprove, { params: { id: asked.data.id } });
    const report = await consoleApi(t, a, consoleLedgerReport);
    expect(report.data.invariants).toEqual({
      ok: true,
      unbalancedTransfers: [],
      driftedAccounts: [],
      overdrawnAccounts: [],
      mismatchedAssets: [],
    });
    const liabilities = await t.app.services.ledger.liabilities();
    expect(report.data.liabilities).toEqual(liabilities.users);
    expect(report.data.system).toContainEqual({
      code: 'system:adjustments:CNY',
      asset: 'CNY',
      balance: await t.app.services.ledger.balance({ kind: 'system', name: 'adjustments', asset: 'CNY' }),
    });
    // Every cent users hold came from a system account.
    const systemCny = report.data.system
      .filter((row) => row.asset === 'CNY')
      .reduce((sum, row) => sum + row.balance, 0);
    expect(report.data.liabilities.CNY + systemCny).toBe(0);
  });
});

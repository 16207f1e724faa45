import {
  CODES,
  consoleAudit,
  consoleWithdrawalApprove,
  consoleWithdrawalPay,
  consoleWithdrawalReject,
  consoleWithdrawalsExport,
  consoleWithdrawalsPending,
  requestWithdrawal,
  saveBankCard,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, pendingWithdrawal, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, cardNumber, idempotencyKey, REAL_NAME, useTestApp, PAYMENT_PASSWORD } from '../../../test/harness.js';
import { opsOn } from '../../../test/ops.js';

// Above ¥100 a withdrawal needs two finance operators.
const t = useTestApp({ IDENTITY_REVIEW: 'operator', WITHDRAWAL_SECOND_APPROVAL_ABOVE: '10000' });

const pay = (session: ConsoleSession, id: string, reference = 'ICBC-20261123-0042') =>
  consoleApi(t, session, consoleWithdrawalPay, { params: { id }, body: { reference } });

const ops = opsOn(t);

const exportCsv = (session: ConsoleSession) =>
  t.app.inject({
    method: 'POST',
    url: consoleWithdrawalsExport.path,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
  });

describe('consoleWithdrawalPay (POST /api/console/withdrawals/{id}/pay)', () => {
  it('pays a withdrawal once and records it; rejects another with its refund', async () => {
    const finance = await signIn(t, ['finance']);
    const admin = await signIn(t, ['admin']);
    const paid = await pendingWithdrawal(t);
    const rejected = await pendingWithdrawal(t);
    const queue = await consoleApi(t, finance, consoleWithdrawalsPending);
    expect(queue.data.map((row) => row.id)).toEqual(expect.arrayContaining([paid.id, rejected.id]));
    const answer = await pay(finance, paid.id, 'ICBC-2026-0001');
    expect(answer.data).toMatchObject({ id: paid.id, status: 'paid', bankReference: 'ICBC-2026-0001' });
    expect((await pay(finance, paid.id, 'ICBC-2026-0001')).code).toBe(CODES.BUSINESS_RULE);
    const refused = await consoleApi(t, finance, consoleWithdrawalReject, {
      params: { id: rejected.id },
      body: { reason: 'wrong account' },
    });
    expect(refused.data).toMatchObject({ status: 'rejected', rejectReason: 'wrong account' });
    const audit = await consoleApi(t, admin, consoleAudit, {
      query: { subjectType: 'withdrawal', subjectId: paid.id },
    });
    expect(audit.data.items).toEqual([
      expect.objectContaining({
        action: 'withdrawal.paid',
        operator: finance.name,
        operatorId: finance.operatorId,
        source: 'console',
        before: { status: 'pending', firstApprovedBy: null },
        after: { status: 'paid', received: 4_900, paidBy: finance.name, reference: 'ICBC-2026-0001' },
      }),
    ]);
  });
});

describe('two finance operators on a large withdrawal', () => {
  it('pays a small withdrawal with one operator and its reference; refuses a first approval of it', async () => {
    const a = await signIn(t, ['finance']);
    const small = await pendingWithdrawal(t, 10_000);
    const queue = await consoleApi(t, a, consoleWithdrawalsPending);
    expect(queue.data.find((row) => row.id === small.id)).toMatchObject({
      needsSecondApproval: false,
      firstApprovedBy: null,
      bankReference: null,
    });
    const approve = await consoleApi(t, a, consoleWithdrawalApprove, { params: { id: small.id } });
    expect(approve.message).toContain('needs no second approval');
    const missing = await consoleApi(t, a, consoleWithdrawalPay, {
      params: { id: small.id },
      body: { reference: ' ' },
    });
    expect(missing.code).toBe(CODES.VALIDATION_FAILED);
    const paid = await pay(a, small.id);
    expect(paid.data).toMatchObject({ status: 'paid', paidBy: a.name, bankReference: 'ICBC-20261123-0042' });
  });

  it('needs a first approval, then a different operator to pay', async () => {
    const [a, b, admin] = [await signIn(t, ['finance']), await signIn(t, ['finance']), await signIn(t, ['admin'])];
    const large = await pendingWithdrawal(t, 20_000);
    const early = await pay(b, large.id);
    expect(early).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(early.message).toContain('a finance operator approves it first');

    const approved = await consoleApi(t, a, consoleWithdrawalApprove, { params: { id: large.id } });
    expect(approved.data).toMatchObject({ status: 'pending', firstApprovedBy: a.name, firstApprovedByMe: true });
    const twice = await consoleApi(t, b, consoleWithdrawalApprove, { params: { id: large.id } });
    expect(twice.message).toContain(`already approved by ${a.name}`);
    const seenByB = await consoleApi(t, b, consoleWithdrawalsPending);
    expect(seenByB.data.find((row) => row.id === large.id)).toMatchObject({
      needsSecondApproval: true,
      firstApprovedBy: a.name,
      firstApprovedByMe: false,
    });

    const own = await pay(a, large.id);
    expect(own).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(own.message).toContain('You gave the first approval');
    expect(
      (await t.db.selectFrom('withdrawals').select('status').where('id', '=', large.id).executeTakeFirst())?.status,
    ).toBe('pending');

    const paid = await pay(b, large.id, 'CMB-7781');
    expect(paid.data).toMatchObject({
      status: 'paid',
      firstApprovedBy: a.name,
      paidBy: b.name,
      bankReference: 'CMB-7781',
    });
    const settled = await consoleApi(t, b, consoleWithdrawalsPending, { query: { status: 'paid' } });
    expect(settled.data.find((row) => row.id === large.id)).toMatchObject({
      bankReference: 'CMB-7781',
      paidBy: b.name,
    });
    const queue = await consoleApi(t, b, consoleWithdrawalsPending);
    expect(queue.data.map((row) => row.id)).not.toContain(large.id);
    const audit = await consoleApi(t, admin, consoleAudit, {
      query: { subjectType: 'withdrawal', subjectId: large.id },
    });
    const byAction = Object.fromEntries(audit.data.items.map((item) => [item.action, item]));
    expect(byAction['withdrawal.approve']).toMatchObject({
      operator: a.name,
      before: { status: 'pending', firstApprovedBy: null },
      after: { status: 'pending', firstApprovedBy: a.name },
    });
    expect(byAction['withdrawal.paid']).toMatchObject({
      operator: b.name,
      before: { status: 'pending', firstApprovedBy: a.name },
      after: { status: 'paid', received: 19_800, paidBy: b.name, reference: 'CMB-7781' },
    });
  });

  it('pays once when the two operators after the approval pay at the same time', async () => {
    const [a, b, c] = [await signIn(t, ['finance']), await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const large = await pendingWithdrawal(t, 30_000);
    await consoleApi(t, a, consoleWithdrawalApprove, { params: { id: large.id } });
    const answers = await Promise.all([a, b, c, b, c].map((session) => pay(session, large.id)));
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'withdrawals-pending', asset: 'CNY' })).toBe(
      (
        await t.db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.sum<number>('amount').as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst()
      )?.n ?? 0,
    );
  });

  it('keeps the command line from paying a large withdrawal, and asks it for the reference', async () => {
    const large = await pendingWithdrawal(t, 20_000);
    const refused = await ops('withdrawals', 'pay', large.id, '--reference', 'R-1', '--operator', 'cai', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('needs two finance operators: approve and pay it in the console');
    // Even with a first approval from the console, the command line cannot be the second operator.
    const a = await signIn(t, ['finance']);
    await consoleApi(t, a, consoleWithdrawalApprove, { params: { id: large.id } });
    expect((await ops('withdrawals', 'pay', large.id, '--reference', 'R-1', '--operator', 'dee', '--yes')).code).toBe(
      1,
    );
    const small = await pendingWithdrawal(t, 5_000);
    const noReference = await ops('withdrawals', 'pay', small.id, '--operator', 'cai', '--yes');
    expect(noReference.code).toBe(2);
    const paid = await ops('withdrawals', 'pay', small.id, '--reference', 'R-2', '--operator', 'cai', '--yes');
    expect(paid.code).toBe(0);
    const row = await t.db.selectFrom('withdrawals').selectAll().where('id', '=', small.id).executeTakeFirst();
    expect(row).toMatchObject({ status: 'paid', bank_reference: 'R-2', paid_by: 'cai' });
  });
});

describe('the pending payouts export', () => {
  it('answers CSV with full account numbers, yuan amounts and formula-safe cells, and records the look', async () => {
    const a = await signIn(t, ['finance']);
    // A verified, face-checked user (with ¥50 left after a first withdrawal) adds a second card.
    const user = await pendingWithdrawal(t, 5_000);
    const account = cardNumber();
    const card = await api(t, saveBankCard, {
      token: user.token,
      body: { bank: '=HYPERLINK("http://evil")', holderName: REAL_NAME, accountNumber: account },
    });
    expect(card.code, card.message).toBe(CODES.OK);
    const withdrawal = await api(t, requestWithdrawal, {
      token: user.token,
      body: {
        amount: 3_456,
        bankCardId: card.data.id,
        idempotencyKey: idempotencyKey(),
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(withdrawal.code, withdrawal.message).toBe(CODES.OK);

    const response = await exportCsv(a);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,holder_name,bank,account_number,amount_cny,reference');
    const line = lines.find((one) => one.startsWith(withdrawal.data.id));
    const fee = withdrawal.data.fee;
    const pay = ((3_456 - fee) / 100).toFixed(2);
    expect(line).toBe(
      `${withdrawal.data.id},${REAL_NAME},"'=HYPERLINK(""http://evil"")",${account.replace(/\s/g, '')},${pay},STRIDE ${withdrawal.data.id.slice(0, 8).toUpperCase()}`,
    );
    const looks = await t.app.services.audit.search({ action: 'withdrawal.export' }, { limit: 5, offset: 0 });
    expect(looks.rows[0]).toMatchObject({ operator: a.name, source: 'console' });
    expect(JSON.parse(looks.rows[0]?.detail ?? '{}')).toMatchObject({
      withdrawals: expect.arrayContaining([withdrawal.data.id]) as unknown,
    });
  });
});

import { CODES, consoleWithdrawalApprove, consoleWithdrawalPay, consoleWithdrawalsPending } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  approveGrantOf,
  consoleApi,
  type ConsoleSession,
  createdInConsole,
  pendingWithdrawal,
  signIn,
  signInAgain,
} from '../../../test/console.js';
import { useTestApp } from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

// Above ¥100 a withdrawal needs two finance operators; the independence period is the default 90 days.
const t = useTestApp({ IDENTITY_REVIEW: 'operator', WITHDRAWAL_SECOND_APPROVAL_ABOVE: '10000' });

const pay = (session: ConsoleSession, id: string, language?: string) =>
  consoleApi(t, session, consoleWithdrawalPay, {
    params: { id },
    body: { reference: 'ICBC-20261123-0042' },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

const firstApproval = async (session: ConsoleSession, id: string) => {
  const approved = await consoleApi(t, session, consoleWithdrawalApprove, { params: { id } });
  expect(approved.code, approved.message).toBe(CODES.OK);
};

const statusOf = async (id: string) =>
  (await t.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

const again = (session: ConsoleSession & { secret: string }) => signInAgain(t, session);

describe('the payer of a large withdrawal is independent of its first approver', () => {
  it('refuses a payer the first approver created, even once granted finance; an independent one pays', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const large = await pendingWithdrawal(t, 20_000);
    await firstApproval(a, large.id);
    const createdAt = t.clock.now();
    const b = await createdInConsole(t, a, ['finance']);
    expect((await pay(b, large.id)).code).toBe(CODES.FORBIDDEN);
    await approveGrantOf(t, await signIn(t, ['admin']), b.operatorId);

    // The queue tells B why before it tries; the pay step refuses it anyway.
    const queue = await consoleApi(t, b, consoleWithdrawalsPending);
    expect(queue.data.find((row) => row.id === large.id)).toMatchObject({
      firstApprovedBy: a.name,
      firstApprovedByMe: false,
      firstApprovedByOrigin: { name: a.name, createdBy: null },
      notIndependent: { operator: b.name, by: a.name, how: 'created' },
    });
    const refused = await pay(b, large.id);
    expect(refused).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: `${b.name} was created by ${a.name} on ${dateOf(createdAt)}: a different operator must approve`,
    });
    expect((await pay(b, large.id, 'fr')).message).toBe(
      `${b.name} a été créé par ${a.name} le ${dateOf(createdAt)} : un autre opérateur doit approuver`,
    );
    expect(await statusOf(large.id)).toBe('pending');

    const d = await signIn(t, ['finance']);
    const paid = await pay(d, large.id);
    expect(paid.data).toMatchObject({
      status: 'paid',
      paidBy: d.name,
      firstApprovedByOrigin: { name: a.name },
      paidByOrigin: { name: d.name, createdBy: null },
      notIndependent: null,
    });
    const records = await t.app.services.audit.search(
      { subjectId: large.id, action: 'withdrawal.paid' },
      { limit: 5, offset: 0 },
    );
    expect(JSON.parse(records.rows[0]?.after ?? '{}')).toMatchObject({
      status: 'paid',
      paidBy: d.name,
      firstApprover: { name: a.name, createdBy: null },
      payer: { name: d.name, createdBy: null },
    });
  });

  it('refuses the creator paying what its creation approved first, until the period has passed', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const b = await createdInConsole(t, a, ['finance']);
    const c = await signIn(t, ['admin']);
    await approveGrantOf(t, c, b.operatorId);
    const grantedAt = t.clock.now();
    const large = await pendingWithdrawal(t, 30_000);
    await firstApproval(b, large.id);
    const refused = await pay(a, large.id);
    expect(refused.message).toContain(`${b.name} was created by ${a.name}`);
    expect(await statusOf(large.id)).toBe('pending');

    // The period after the grant, less the minutes the new sign-ins take: still refused.
    t.clock.advance(90 * DAY_MS - 3 * MINUTE_MS);
    const a2 = await again(a);
    const late = await pay(a2, large.id);
    // Created and granted in the same minute: the creation is named first.
    expect(late.message).toBe(
      `${b.name} was created by ${a.name} on ${dateOf(grantedAt)}: a different operator must approve`,
    );
    t.clock.advance(2 * MINUTE_MS);
    const paid = await pay(a2, large.id);
    expect(paid.code, paid.message).toBe(CODES.OK);
    expect(await statusOf(large.id)).toBe('paid');
  });

  it('pays a small withdrawal with any one finance operator, whoever made it', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const b = await createdInConsole(t, a, ['finance']);
    await approveGrantOf(t, await signIn(t, ['admin']), b.operatorId);
    const small = await pendingWithdrawal(t, 5_000);
    expect((await pay(b, small.id)).code).toBe(CODES.OK);
  });
});

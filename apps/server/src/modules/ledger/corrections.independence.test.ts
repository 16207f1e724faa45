import {
  CODES,
  consoleCorrectionApprove,
  consoleCorrectionRequest,
  consoleCorrections,
  consoleRoleGrantApprove,
  consoleSetOperatorRoles,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  approveGrantOf,
  consoleApi,
  type ConsoleSession,
  createdInConsole,
  pendingGrantOf,
  signIn,
  signInAgain,
} from '../../../test/console.js';
import { balanceOf, registerUser, useTestApp } from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';

// Independent second approvers (decision 074 "Independent second approvers"), with the default period of 90 days.
const t = useTestApp();

const YUAN_50000 = 5_000_000;

async function requestCredit(session: ConsoleSession, amount = YUAN_50000) {
  const user = await registerUser(t);
  const asked = await consoleApi(t, session, consoleCorrectionRequest, {
    body: { user: user.userId, direction: 'credit', asset: 'CNY', amount, reason: 'Goodwill after an outage' },
  });
  expect(asked.code, asked.message).toBe(CODES.OK);
  return { id: asked.data.id, userId: user.userId };
}

const approve = (session: ConsoleSession, id: string, language?: string) =>
  consoleApi(t, session, consoleCorrectionApprove, {
    params: { id },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

/** A new session of an enrolled operator (sessions end after 12 idle hours; the tests move days). */
const again = (session: ConsoleSession & { secret: string }) => signInAgain(t, session);

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

async function correctionRow(id: string) {
  return t.db.selectFrom('balance_corrections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function approvals(id: string) {
  return (await t.app.services.audit.search({ subjectId: id, action: 'correction.approve' }, { limit: 5, offset: 0 }))
    .rows;
}

describe('a correction approved by an operator its requester made', () => {
  it('refuses the approval of an operator the requester created, even once a second admin granted it finance', async () => {
    // An admin with finance asks for ¥50,000 for a user, then makes itself a second pair of eyes.
    const a = await signIn(t, ['admin', 'finance']);
    const { id, userId } = await requestCredit(a);
    const createdAt = t.clock.now();
    const b = await createdInConsole(t, a, ['finance']);
    // Finance waits for a second admin: meanwhile B holds no role and is refused before anything.
    expect(b.pendingRoles).toEqual(['finance']);
    expect((await approve(b, id)).code).toBe(CODES.FORBIDDEN);
    // The admin who asked for the grant cannot approve it.
    const grant = await pendingGrantOf(t, a, b.operatorId);
    expect(grant).toMatchObject({ requestedBy: a.name, mine: true, roles: ['finance'], operatorName: b.name });
    const ownGrant = await consoleApi(t, a, consoleRoleGrantApprove, { params: { id: grant.id } });
    expect(ownGrant).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'You asked for this role grant: a different admin must approve it',
    });
    expect((await approve(b, id)).code).toBe(CODES.FORBIDDEN);

    // A second admin grants it; B has finance now, but A created it within the period.
    const c = await signIn(t, ['admin']);
    await approveGrantOf(t, c, b.operatorId);
    const seen = await consoleApi(t, b, consoleCorrections, { query: { status: 'pending' } });
    expect(seen.data.items.find((row) => row.id === id)).toMatchObject({
      mine: false,
      requestedByOrigin: { name: a.name, createdBy: null },
      notIndependent: { operator: b.name, by: a.name, how: 'created', at: new Date(createdAt).toISOString() },
    });
    const refused = await approve(b, id);
    expect(refused).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: `${b.name} was created by ${a.name} on ${dateOf(createdAt)}: a different operator must approve`,
    });
    const inChinese = await approve(b, id, 'zh-CN');
    expect(inChinese.message).toBe(`${b.name} 由 ${a.name} 于 ${dateOf(createdAt)} 创建：须由另一位操作员审批`);
    expect(await correctionRow(id)).toMatchObject({ status: 'pending', decided_by: null, transfer_id: null });
    expect(await balanceOf(t, userId)).toBe(0);
    expect(await approvals(id)).toEqual([]);

    // An operator nobody of the two made approves, and the record says who made whom.
    const d = await signIn(t, ['finance']);
    const seenByD = await consoleApi(t, d, consoleCorrections, { query: { status: 'pending' } });
    expect(seenByD.data.items.find((row) => row.id === id)?.notIndependent).toBeNull();
    const approved = await approve(d, id);
    expect(approved.data).toMatchObject({
      status: 'approved',
      decidedBy: d.name,
      requestedByOrigin: { name: a.name, createdBy: null, rolesChangedBy: null },
      decidedByOrigin: { name: d.name, createdBy: null, rolesChangedBy: null },
      notIndependent: null,
    });
    expect(await balanceOf(t, userId)).toBe(YUAN_50000);
    const [record] = await approvals(id);
    expect(JSON.parse(record?.after ?? '{}')).toMatchObject({
      status: 'approved',
      requester: { name: a.name, createdBy: null },
      approver: { name: d.name, createdBy: null },
    });
  });

  it('refuses the other way round too: the creator approving what its creation requested', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const c = await signIn(t, ['admin']);
    const b = await createdInConsole(t, a, ['finance']);
    const granted = await approveGrantOf(t, c, b.operatorId);
    expect(granted).toMatchObject({ status: 'approved', decidedBy: c.name });
    const { id } = await requestCredit(b, 1_000);
    const refused = await approve(a, id);
    expect(refused.code).toBe(CODES.BUSINESS_RULE);
    expect(refused.message).toContain(`${b.name} was created by ${a.name}`);
    expect((await correctionRow(id)).status).toBe('pending');
  });

  it('refuses an operator the requester gave finance to, and the audit of the grant names both admins', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const c = await signIn(t, ['admin']);
    // Made long ago by nobody in particular; A now asks for finance for it.
    const e = await signIn(t, ['reviewer']);
    const asked = await consoleApi(t, a, consoleSetOperatorRoles, {
      params: { id: e.operatorId },
      body: { roles: ['reviewer', 'finance'] },
    });
    expect(asked.data).toMatchObject({ roles: ['reviewer'], pendingRoles: ['finance'] });
    t.clock.advance(MINUTE_MS);
    const grantedAt = t.clock.now();
    await approveGrantOf(t, c, e.operatorId);
    const { id } = await requestCredit(a, 1_000);
    const refused = await approve(e, id);
    expect(refused.message).toBe(
      `${e.name} was given finance or admin by ${a.name} on ${dateOf(grantedAt)}: a different operator must approve`,
    );
    const grants = await t.app.services.audit.search(
      { subjectId: e.operatorId, action: 'operator.grant-approve' },
      { limit: 5, offset: 0 },
    );
    expect(grants.rows).toHaveLength(1);
    expect(grants.rows[0]?.operator).toBe(c.name);
    expect(JSON.parse(grants.rows[0]?.after ?? '{}')).toEqual({
      roles: ['reviewer', 'finance'],
      requester: expect.objectContaining({ name: a.name, createdBy: null }) as unknown,
      approver: expect.objectContaining({ name: c.name, createdBy: null }) as unknown,
    });
  });

  it('lets the created operator approve once the period has passed since it was created and granted', async () => {
    const a = await signIn(t, ['admin', 'finance']);
    const c = await signIn(t, ['admin']);
    const b = await createdInConsole(t, a, ['finance']);
    // The grant comes ten days later: the period runs from the later of the two.
    t.clock.advance(10 * DAY_MS);
    const [a1, c1] = [await again(a), await again(c)];
    await approveGrantOf(t, c1, b.operatorId);
    const grantedAt = t.clock.now();

    // Two minutes short of 90 days after the grant (the creation is past its period): still one pair of hands.
    t.clock.advance(90 * DAY_MS - 4 * MINUTE_MS);
    const [a2, b2] = [await again(a1), await again(b)];
    const { id, userId } = await requestCredit(a2, 2_000);
    const early = await approve(b2, id);
    expect(early.message).toBe(
      `${b.name} was given finance or admin by ${a.name} on ${dateOf(grantedAt)}: a different operator must approve`,
    );
    expect(await balanceOf(t, userId)).toBe(0);

    // The period has run out: the rule no longer links them.
    t.clock.advance(2 * MINUTE_MS);
    const approved = await approve(b2, id);
    expect(approved.code, approved.message).toBe(CODES.OK);
    expect(await balanceOf(t, userId)).toBe(2_000);
  });
});

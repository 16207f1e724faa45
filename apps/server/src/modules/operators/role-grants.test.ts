import {
  CODES,
  consoleCreateOperator,
  consoleMe,
  consoleOperators,
  consoleRoleGrantApprove,
  consoleRoleGrantReject,
  consoleRoleGrants,
  consoleSetOperatorRoles,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  consoleApi,
  consoleLoginCall,
  cookieOf,
  createdInConsole,
  createOperator,
  OPERATOR_PASSWORD,
  operatorName,
  pendingGrantOf,
  signIn,
  signInAs,
  totpCode,
  type ConsoleSession,
} from '../../../test/console.js';
import { useTestApp } from '../../../test/harness.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';
import { runOps } from '../../ops/cli.js';

// Finance and admin given in the console wait for a second admin (decision 074 "Independent second approvers").
const t = useTestApp();

async function operatorRow(id: string) {
  return t.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function grantRows(operatorId: string) {
  return t.db.selectFrom('operator_role_grants').selectAll().where('operator_id', '=', operatorId).execute();
}

const approveGrant = (session: Pick<ConsoleSession, 'cookie' | 'csrf'>, id: string) =>
  consoleApi(t, session, consoleRoleGrantApprove, { params: { id } });

describe('role grants in the console', () => {
  it('creates the operator with its other roles; finance waits, and only a different admin grants it', async () => {
    const a = await signIn(t, ['admin']);
    const name = operatorName('new');
    const created = await consoleApi(t, a, consoleCreateOperator, {
      body: { name, roles: ['finance', 'support'] },
    });
    expect(created.data.operator).toMatchObject({
      name,
      roles: ['support'],
      pendingRoles: ['finance'],
      createdBy: a.name,
    });
    const id = created.data.operator.id;
    expect(await operatorRow(id)).toMatchObject({ roles: 'support', created_by: a.name, roles_changed_by: null });
    const listed = await consoleApi(t, a, consoleOperators);
    expect(listed.data.find((row) => row.id === id)).toMatchObject({ roles: ['support'], pendingRoles: ['finance'] });

    const grant = await pendingGrantOf(t, a, id);
    expect(grant).toMatchObject({
      operatorName: name,
      currentRoles: ['support'],
      roles: ['finance'],
      status: 'pending',
      requestedBy: a.name,
      mine: true,
      notIndependent: null,
    });
    const own = await approveGrant(a, grant.id);
    expect(own).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(own.message).toBe('You asked for this role grant: a different admin must approve it');
    expect((await operatorRow(id)).roles).toBe('support');

    const c = await signIn(t, ['admin']);
    t.clock.advance(MINUTE_MS);
    const approved = await approveGrant(c, grant.id);
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: c.name, mine: false });
    expect(await operatorRow(id)).toMatchObject({
      roles: 'support,finance',
      roles_changed_by: a.name,
      roles_changed_at: t.clock.now(),
    });
    expect((await consoleApi(t, c, consoleRoleGrants)).data.map((row) => row.id)).not.toContain(grant.id);
    const again = await approveGrant(c, grant.id);
    expect(again.message).toBe(`This role grant was already approved by ${c.name}; nothing was changed`);
    const records = await t.app.services.audit.search({ subjectId: id }, { limit: 10, offset: 0 });
    expect(records.rows.map((row) => row.action).sort()).toEqual([
      'operator.create',
      'operator.grant-approve',
      'operator.grant-request',
    ]);
  });

  it('refuses an admin the asker created within the period, and the operator the grant is for', async () => {
    const a = await signIn(t, ['admin']);
    // An admin made on the command line with --operator naming A: A made it.
    const made = await t.app.services.operators.createOperator(
      { name: operatorName('cli'), roles: ['admin'], password: OPERATOR_PASSWORD },
      a.name,
    );
    const byA = await signInAs(t, { id: made.operator.id, name: made.operator.name });
    const b = await createdInConsole(t, a, ['finance']);
    const grant = await pendingGrantOf(t, byA, b.operatorId);
    expect(grant.notIndependent).toMatchObject({ operator: byA.name, by: a.name, how: 'created' });
    const refused = await approveGrant(byA, grant.id);
    expect(refused.message).toBe(
      `${byA.name} was created by ${a.name} on ${new Date(made.operator.createdAt).toISOString().slice(0, 10)}: a different operator must approve`,
    );
    const inTraditional = await consoleApi(t, byA, consoleRoleGrantApprove, {
      params: { id: grant.id },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(inTraditional.message).toContain('須由另一位操作員審批');
    expect((await operatorRow(b.operatorId)).roles).toBe('');

    // Nor may an admin approve a grant of finance to itself.
    const e = await signIn(t, ['admin']);
    await consoleApi(t, a, consoleSetOperatorRoles, {
      params: { id: e.operatorId },
      body: { roles: ['admin', 'finance'] },
    });
    const forE = await pendingGrantOf(t, e, e.operatorId);
    expect(forE).toMatchObject({ forMe: true, roles: ['finance'] });
    expect((await approveGrant(e, forE.id)).message).toBe(
      'This role grant is for you: a different admin must approve it',
    );
    expect((await operatorRow(e.operatorId)).roles).toBe('admin');

    // Past the period since A made it, the same admin may approve.
    t.clock.advance(91 * DAY_MS);
    const login = await consoleLoginCall(t, byA.name, totpCode(t, byA.secret));
    const later = { cookie: cookieOf(login.response.headers['set-cookie']), csrf: login.body.data.me?.csrfToken ?? '' };
    expect((await approveGrant(later, grant.id)).code).toBe(CODES.OK);
    expect((await operatorRow(b.operatorId)).roles).toBe('finance');
  });

  it('applies removals and other roles at once, queues finance and admin, one grant at a time', async () => {
    const a = await signIn(t, ['admin']);
    const { id } = await createOperator(t, ['reviewer', 'support']);
    const changed = await consoleApi(t, a, consoleSetOperatorRoles, {
      params: { id },
      body: { roles: ['reviewer', 'editor', 'finance'] },
    });
    expect(changed.data).toMatchObject({ roles: ['reviewer', 'editor'], pendingRoles: ['finance'] });
    const second = await consoleApi(t, a, consoleSetOperatorRoles, {
      params: { id },
      body: { roles: ['reviewer', 'admin'] },
    });
    expect(second).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(second.message).toContain('already has a role grant waiting for a second admin');
    // Refused whole: the removal of editor did not happen either.
    expect((await operatorRow(id)).roles).toBe('reviewer,editor');
    // Without finance or admin to add, roles change at once even while a grant waits.
    const plain = await consoleApi(t, a, consoleSetOperatorRoles, { params: { id }, body: { roles: ['reviewer'] } });
    expect(plain.data).toMatchObject({ roles: ['reviewer'], pendingRoles: ['finance'] });

    const grant = await pendingGrantOf(t, a, id);
    const c = await signIn(t, ['admin']);
    const rejected = await consoleApi(t, c, consoleRoleGrantReject, { params: { id: grant.id } });
    expect(rejected.data).toMatchObject({ status: 'rejected', decidedBy: c.name });
    expect((await approveGrant(c, grant.id)).message).toBe(
      `This role grant was already rejected by ${c.name}; nothing was changed`,
    );
    expect(await operatorRow(id)).toMatchObject({ roles: 'reviewer', roles_changed_by: null });
    // Decided, the grant no longer blocks a new one.
    const asked = await consoleApi(t, a, consoleSetOperatorRoles, { params: { id }, body: { roles: ['finance'] } });
    expect(asked.data).toMatchObject({ roles: [], pendingRoles: ['finance'] });
    expect((await grantRows(id)).map((row) => row.status).sort()).toEqual(['pending', 'rejected']);
  });

  it('grants once when two admins approve the same grant at the same time', async () => {
    const a = await signIn(t, ['admin']);
    const admins = [await signIn(t, ['admin']), await signIn(t, ['admin']), await signIn(t, ['admin'])];
    for (let round = 0; round < 3; round += 1) {
      const b = await createdInConsole(t, a, ['finance', 'admin']);
      const grant = await pendingGrantOf(t, a, b.operatorId);
      const answers = await Promise.all([...admins, ...admins].map((admin) => approveGrant(admin, grant.id)));
      expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.code !== CODES.OK)) {
        expect(answer.code).toBe(CODES.BUSINESS_RULE);
        expect(answer.message).toMatch(/^This role grant was already approved by /);
      }
      expect((await operatorRow(b.operatorId)).roles).toBe('finance,admin');
      const approvals = await t.app.services.audit.search(
        { subjectId: b.operatorId, action: 'operator.grant-approve' },
        { limit: 10, offset: 0 },
      );
      expect(approvals.rows).toHaveLength(1);
      // The new admin's session has the roles at once.
      expect((await consoleApi(t, b, consoleMe)).data.roles).toEqual(['finance', 'admin']);
    }
  });

  it('keeps the command line able to create admin and finance operators directly', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const name = operatorName('first');
    const code = await runOps(['operators', 'create', name, '--roles', 'admin,finance', '--yes'], {
      services: t.app.services,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect(code, err.join('\n')).toBe(0);
    const row = await t.db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roles: 'admin,finance', created_by: null });
    expect(await grantRows(row.id)).toEqual([]);
  });
});

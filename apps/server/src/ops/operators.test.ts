import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { CODES, consoleLogin, consoleMe, OPERATOR_ROLES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../test/harness.js';
import { DEMO_OPERATOR, seedDemo } from '../seed/demo-seed.js';
import { opsOn } from '../../test/ops.js';

const t = useTestApp();

const ops = opsOn(t);

describe('operators on the command line', () => {
  it('creates an operator with a one-time initial password that logs in, recorded with the OS user', async () => {
    const created = await ops('operators', 'create', 'first.admin', '--roles', 'admin,finance', '--yes');
    expect(created.code).toBe(0);
    const password = /Initial password \(shown once\): (\S+)/.exec(created.out)?.[1] ?? '';
    expect(password).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const login = await api(t, consoleLogin, { body: { name: 'first.admin', password } });
    // A generated password opens only its own replacement (decision 073 "Operator sign-in").
    expect(created.out).toContain('asks for a new password');
    expect(login.data).toMatchObject({
      secondFactorRequired: false,
      me: { roles: ['admin', 'finance'], passwordChangeRequired: true },
    });
    const { rows } = await t.app.services.audit.search({ action: 'operator.create' }, { limit: 1, offset: 0 });
    expect(rows[0]).toMatchObject({ operator: 'first.admin', source: `cli:${userInfo().username}` });

    const listed = await ops('operators', 'list', '--json');
    expect(JSON.parse(listed.out)).toEqual([expect.objectContaining({ name: 'first.admin', totp: false })]);
  });

  it('reads the password from a file, needs --yes and refuses unknown roles and names taken', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stride-ops-')), 'password');
    writeFileSync(file, 'a-long-chosen-password\n');
    expect((await ops('operators', 'create', 'filed', '--roles', 'reviewer', '--password-file', file)).code).toBe(1);
    expect((await ops('operators', 'create', 'filed', '--roles', 'boss', '--yes')).code).toBe(2);
    const created = await ops('operators', 'create', 'filed', '--roles', 'reviewer', '--password-file', file, '--yes');
    expect(created.out).not.toContain('Initial password');
    const login = await api(t, consoleLogin, { body: { name: 'filed', password: 'a-long-chosen-password' } });
    expect(login.code).toBe(CODES.OK);
    // A password the person chose is kept.
    expect(login.data.me?.passwordChangeRequired).toBe(false);
    const again = await ops('operators', 'create', 'filed', '--roles', 'reviewer', '--yes');
    expect(again).toMatchObject({ code: 1, err: 'An operator named filed already exists' });
  });

  it('seeds the demo operator with every role and no TOTP, once', async () => {
    await seedDemo(t.app.services);
    await seedDemo(t.app.services);
    const response = await t.app.inject({ method: 'POST', url: consoleLogin.path, payload: DEMO_OPERATOR });
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    const me = await api(t, consoleMe, { headers: { cookie } });
    expect(me.data).toMatchObject({ name: 'demo', roles: [...OPERATOR_ROLES], totpEnrolled: false });
    expect((await t.app.services.operators.listOperators()).filter((row) => row.name === 'demo')).toHaveLength(1);
  });
});

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CODES } from '@stride/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAN_LEDGER,
  REAL_NAME,
  balanceOf,
  call,
  cardNumber,
  createTestApp,
  fundUser,
  idempotencyKey,
  ledgerReport,
  registerUser,
  testJpeg,
  uploadFile,
  verifyIdentity,
  type TestApp,
} from '../../test/harness.js';
import { runOps } from './cli.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ IDENTITY_REVIEW: 'operator' });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    services: t.app.services,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const actionsFor = (subjectId: string) =>
  t.db.selectFrom('operator_actions').selectAll().where('subject_id', '=', subjectId).execute();

async function pendingUser() {
  const user = await registerUser(t);
  await verifyIdentity(t, user.token);
  return user;
}

/** Verified by an operator, face checked manually, with a card and a pending withdrawal. */
async function withdrawingUser(amount = 5_000) {
  const user = await pendingUser();
  await t.app.services.identity.review('setup', user.userId, { approve: true });
  await call(t.app, 'POST', '/api/user/face', { token: user.token, body: { method: 'manual' } });
  await t.app.services.identity.reviewFace('setup', user.userId, { approve: true });
  await fundUser(t, user.userId, 10_000);
  const card = await call<{ id: string }>(t.app, 'POST', '/api/bank_card', {
    token: user.token,
    body: { bank: 'Bank', holderName: REAL_NAME, accountNumber: cardNumber() },
  });
  const withdrawal = await call<{ id: string }>(t.app, 'POST', '/api/withdraw', {
    token: user.token,
    body: { amount, bankCardId: card.data.id, idempotencyKey: idempotencyKey() },
  });
  expect(withdrawal.code).toBe(CODES.OK);
  return { ...user, withdrawalId: withdrawal.data.id };
}

describe('the ops command line', () => {
  it('prints usage with --help, and exits 2 on a usage error', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('withdrawals pay <withdrawalId> --operator NAME --yes');
    expect((await ops()).code).toBe(2);
    const unknown = await ops('identity', 'explode');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "identity explode"');
    expect((await ops('identity', 'list', '--bogus')).code).toBe(2);
    expect((await ops('withdrawals', 'list', '--status', 'lost')).code).toBe(2);
  });

  it('lists pending identity checks with masked ID numbers and approves one, recording who and when', async () => {
    const { userId, token } = await pendingUser();
    const list = await ops('identity', 'list', '--json');
    const rows = JSON.parse(list.out) as { userId: string; idNumber: string }[];
    expect(rows.find((row) => row.userId === userId)?.idNumber).toMatch(/^110\*+\d{4}$/);
    expect((await ops('identity', 'approve', userId, '--yes')).code).toBe(2);
    const unconfirmed = await ops('identity', 'approve', userId, '--operator', 'anna');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.err).toContain('without --yes');
    expect(await actionsFor(userId)).toEqual([]);
    const approved = await ops('identity', 'approve', userId, '--operator', 'anna', '--yes');
    expect(approved.code).toBe(0);
    expect((await call<{ status: string }>(t.app, 'GET', '/api/user/id/verify', { token })).data.status).toBe(
      'verified',
    );
    expect(await actionsFor(userId)).toEqual([
      expect.objectContaining({ operator: 'anna', action: 'identity.approve', created_at: t.clock.now() }),
    ]);
    expect((await ops('identity', 'approve', userId, '--operator', 'anna', '--yes')).code).toBe(1);
  });

  it('rejects an identity check with a reason the user sees', async () => {
    const { userId, token } = await pendingUser();
    expect((await ops('identity', 'reject', userId, '--operator', 'ben', '--yes')).code).toBe(2);
    const rejected = await ops(
      'identity',
      'reject',
      userId,
      '--reason',
      'Name does not match',
      '--operator',
      'ben',
      '--yes',
    );
    expect(rejected.code).toBe(0);
    const identity = await call<{ status: string; rejectReason: string }>(t.app, 'GET', '/api/user/id/verify', {
      token,
    });
    expect(identity.data).toMatchObject({ status: 'rejected', rejectReason: 'Name does not match' });
    const [action] = await actionsFor(userId);
    expect(action).toMatchObject({ operator: 'ben', action: 'identity.reject' });
    expect(JSON.parse(action?.detail ?? '{}')).toEqual({ reason: 'Name does not match' });
  });

  it('marks a withdrawal paid once, moving pending money to payouts and fees', async () => {
    const { withdrawalId } = await withdrawingUser(5_000);
    expect((await ops('withdrawals', 'list')).out).toContain(withdrawalId);
    expect((await ops('withdrawals', 'pay', withdrawalId, '--operator', 'cai')).code).toBe(1);
    const paid = await ops('withdrawals', 'pay', withdrawalId, '--operator', 'cai', '--yes');
    expect(paid).toMatchObject({ code: 0, out: `withdrawal ${withdrawalId}: paid 49.00 by cai` });
    const ledger = t.app.services.ledger;
    expect(await ledger.balance({ kind: 'system', name: 'payouts', asset: 'CNY' })).toBe(4_900);
    expect(await ledger.balance({ kind: 'system', name: 'withdrawal-fees', asset: 'CNY' })).toBe(100);
    expect((await ops('withdrawals', 'pay', withdrawalId, '--operator', 'cai', '--yes')).code).toBe(1);
    expect((await ops('withdrawals', 'reject', withdrawalId, '--reason', 'x', '--operator', 'cai', '--yes')).code).toBe(
      1,
    );
    expect((await actionsFor(withdrawalId)).map((row) => row.action)).toEqual(['withdrawal.paid']);
  });

  it('rejects a withdrawal, refunding it in full exactly once', async () => {
    const { withdrawalId, userId } = await withdrawingUser(5_000);
    expect(await balanceOf(t, userId)).toBe(5_000);
    const argv = ['withdrawals', 'reject', withdrawalId, '--reason', 'Card closed', '--operator', 'dora', '--yes'];
    expect((await ops(...argv)).code).toBe(0);
    expect(await balanceOf(t, userId)).toBe(10_000);
    expect((await ops(...argv)).code).toBe(1);
    expect(await balanceOf(t, userId)).toBe(10_000);
    expect(await actionsFor(withdrawalId)).toEqual([
      expect.objectContaining({ operator: 'dora', action: 'withdrawal.reject' }),
    ]);
  });

  it('shows the full account number to pay to, and saves a private image, recording both looks', async () => {
    const { withdrawalId, token } = await withdrawingUser(2_000);
    const shown = await ops('withdrawals', 'show', withdrawalId, '--operator', 'eve', '--json');
    const [row] = JSON.parse(shown.out) as { account: string; pay: string }[];
    expect(row?.account).toMatch(/^62220212\d{11}$/);
    expect(row?.pay).toBe('19.00');
    const image = await uploadFile(t, token, await testJpeg(), { purpose: 'id_front' });
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'stride-ops-')), 'front.jpg');
    expect((await ops('files', 'get', image.data.fileId, '--out', out)).code).toBe(2);
    t.clock.advance(1_000);
    expect((await ops('files', 'get', image.data.fileId, '--out', out, '--operator', 'eve')).code).toBe(0);
    expect(existsSync(out) && readFileSync(out).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await actionsFor(withdrawalId)).map((a) => a.action)).toEqual(['withdrawal.view-account']);
    expect((await actionsFor(image.data.fileId)).map((a) => a.action)).toEqual(['file.view']);
    expect((await ops('actions', 'list', '--limit', '5')).out).toContain('file.view');
  });

  it('approves a manual face check', async () => {
    const { userId, token } = await pendingUser();
    await ops('identity', 'approve', userId, '--operator', 'fay', '--yes');
    await call(t.app, 'POST', '/api/user/face', { token, body: { method: 'manual' } });
    expect((await ops('face', 'list')).out).toContain(userId);
    expect((await ops('face', 'approve', userId, '--operator', 'fay', '--yes')).code).toBe(0);
    const identity = await call<{ faceVerified: boolean }>(t.app, 'GET', '/api/user/id/verify', { token });
    expect(identity.data.faceVerified).toBe(true);
  });
});

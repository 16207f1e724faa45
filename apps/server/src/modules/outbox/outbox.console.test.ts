import { CODES, consoleOutbox, requestPasswordKey } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, readSmsCode, registerUser, solveCaptcha, useTestApp } from '../../../test/harness.js';
import { maskCodes } from './outbox.admin.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxDeliverer } from './outbox.deliverer.js';
import { OutboxSender } from './outbox.service.js';

const t = useTestApp();

async function sendResetCode(account: string): Promise<string> {
  const answer = await api(t, requestPasswordKey, {
    query: { account, ...(await solveCaptcha(t)) },
    remoteAddress: '10.2.0.1',
  });
  expect(answer.code).toBe(CODES.OK);
  return readSmsCode(t, account, 'reset');
}

describe('the outbox in the console', () => {
  it('never shows a live code; masks recipients for support, not for an admin; a recorded look', async () => {
    const support = await signIn(t, ['support']);
    const admin = await signIn(t, ['admin']);
    const { account } = await registerUser(t);
    t.clock.advance(60_000);
    const code = await sendResetCode(account);

    const seen = await consoleApi(t, support, consoleOutbox, { query: { recipient: account.slice(-6) } });
    expect(seen.code, seen.message).toBe(CODES.OK);
    // The sign-up code and the reset code, newest first.
    expect(seen.data).toMatchObject({ masked: true, total: 2 });
    const [message] = seen.data.items;
    expect(message).toMatchObject({ channel: 'sms', status: 'sent', error: null });
    expect(message?.recipient).toBe(`${account.slice(0, 3)}****${account.slice(-4)}`);
    expect(message?.body).toContain('••••••');
    expect(JSON.stringify(seen.data)).not.toContain(code);
    expect(JSON.stringify(seen.data)).not.toContain(account);

    const whole = await consoleApi(t, admin, consoleOutbox, { query: { recipient: account } });
    expect(whole.data.masked).toBe(false);
    expect(whole.data.items[0]?.recipient).toBe(account);
    expect(JSON.stringify(whole.data)).not.toContain(code);

    const { rows } = await t.app.services.audit.search({ action: 'outbox.view' }, { limit: 10, offset: 0 });
    expect(rows.map((row) => row.operator).sort()).toEqual([admin.name, support.name].sort());
    // The recipient filter is a personal number: the record keeps which messages were shown, not it.
    expect(rows.map((row) => row.detail ?? '').join()).not.toContain(account.slice(-6));
    expect(rows.every((row) => row.source === 'console')).toBe(true);
  });

  it('shows pending and failed deliveries with attempts and the reason, by status, newest first', async () => {
    const support = await signIn(t, ['support']);
    const repository = new OutboxRepository();
    const queue = new OutboxSender(t.db, repository, t.clock, true);
    const refusing = new OutboxDeliverer(
      t.db,
      repository,
      { name: 'refusing', send: () => Promise.reject(new Error('provider refused: number unreachable')) },
      t.clock,
      { timeoutMs: 1_000, maxAttempts: 2, retryBaseMs: 1_000, pollMs: 0 },
    );
    const message = (recipient: string, code: string) => ({
      channel: 'sms' as const,
      recipient,
      template: 'reset' as const,
      params: { code },
      body: `Your code is ${code}`,
    });
    await queue.send(t.db, message('13912340001', '482913'));
    t.clock.advance(1_000);
    await queue.send(t.db, message('13912340002', '112233'));
    const pending = await consoleApi(t, support, consoleOutbox, { query: { status: 'pending' } });
    expect(pending.data.items.map((item) => [item.recipient, item.status, item.attempts, item.error])).toEqual([
      ['139****0002', 'pending', 0, null],
      ['139****0001', 'pending', 0, null],
    ]);
    expect(await refusing.deliverDue()).toEqual({ sent: 0, retried: 2, failed: 0 });
    t.clock.advance(1_000);
    expect(await refusing.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 2 });
    const failed = await consoleApi(t, support, consoleOutbox, { query: { status: 'failed' } });
    expect(failed.data.items.map((item) => [item.recipient, item.status, item.attempts, item.error])).toEqual([
      ['139****0002', 'failed', 2, 'provider refused: number unreachable'],
      ['139****0001', 'failed', 2, 'provider refused: number unreachable'],
    ]);
    expect(failed.data.items.map((item) => item.body)).toEqual(['Your code is ••••••', 'Your code is ••••••']);
    const sent = await consoleApi(t, support, consoleOutbox, { query: { status: 'sent', pageSize: 50 } });
    expect(sent.data.items.every((item) => item.status === 'sent')).toBe(true);
  });

  it('masks every run of 4 or more digits and nothing shorter', () => {
    expect(maskCodes('Code 123456, valid for 10 minutes (ref 2026).')).toBe(
      'Code ••••••, valid for 10 minutes (ref ••••).',
    );
  });
});

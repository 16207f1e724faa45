import { CODES, consoleOutbox, requestPasswordKey } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, registerUser, solveCaptcha, useTestApp } from '../../../test/harness.js';
import { maskCodes } from './outbox.admin.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxSender } from './outbox.service.js';

const t = useTestApp();

async function sendResetCode(account: string): Promise<string> {
  const answer = await api(t, requestPasswordKey, {
    query: { account, ...(await solveCaptcha(t)) },
    remoteAddress: '10.2.0.1',
  });
  expect(answer.code).toBe(CODES.OK);
  const message = await t.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', account)
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

describe('the outbox in the console', () => {
  it('never shows a live code; masks recipients for support, not for an admin; a recorded look', async () => {
    const support = await signIn(t, ['support']);
    const admin = await signIn(t, ['admin']);
    const { account } = await registerUser(t);
    const code = await sendResetCode(account);

    const seen = await consoleApi(t, support, consoleOutbox, { query: { recipient: account.slice(-6) } });
    expect(seen.code, seen.message).toBe(CODES.OK);
    expect(seen.data).toMatchObject({ masked: true, total: 1 });
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

    const { rows } = await t.app.services.operators.search({ action: 'outbox.view' }, { limit: 10, offset: 0 });
    expect(rows.map((row) => row.operator).sort()).toEqual([admin.name, support.name].sort());
    // The recipient filter is a personal number: the record keeps which messages were shown, not it.
    expect(rows.map((row) => row.detail ?? '').join()).not.toContain(account.slice(-6));
    expect(rows.every((row) => row.source === 'console')).toBe(true);
  });

  it('records a failed delivery with its reason, and filters by status, newest first', async () => {
    const support = await signIn(t, ['support']);
    const failing = new OutboxSender(t.db, new OutboxRepository(), t.clock, {
      send: () => Promise.reject(new Error('provider refused: number unreachable')),
    });
    await failing.send({ channel: 'sms', recipient: '13912340001', body: 'Your code is 482913' });
    t.clock.advance(1_000);
    await failing.send({ channel: 'sms', recipient: '13912340002', body: 'Your code is 112233' });
    const failed = await consoleApi(t, support, consoleOutbox, { query: { status: 'failed' } });
    expect(failed.data.items.map((item) => [item.recipient, item.status, item.error])).toEqual([
      ['139****0002', 'failed', 'provider refused: number unreachable'],
      ['139****0001', 'failed', 'provider refused: number unreachable'],
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

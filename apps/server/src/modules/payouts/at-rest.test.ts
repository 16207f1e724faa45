import { Writable } from 'node:stream';
import { CODES, getIdentity, listWithdrawals, requestWithdrawal, saveBankCard } from '@stride/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  cardNumber,
  dialect,
  fundUser,
  idempotencyKey,
  passFaceCheck,
  REAL_NAME,
  registerUser,
  residentId,
  useTestApp,
  verifyIdentity,
  api,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const t = useTestApp({ LOG_LEVEL: 'trace' }, { logStream });

async function tableNames(): Promise<string[]> {
  if (dialect === 'postgres') {
    const result = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public'`.execute(t.db);
    return result.rows.map((row) => row.name);
  }
  const result = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db);
  return result.rows.map((row) => row.name);
}

/** Every row of every table, every column, as text. */
async function dumpDatabase(): Promise<string> {
  const parts: string[] = [];
  for (const name of await tableNames()) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db);
    parts.push(`${name}: ${JSON.stringify(result.rows)}`);
  }
  return parts.join('\n');
}

describe('personal numbers at rest', () => {
  it('never appear in plain text in any table or in the logs after a whole journey', async () => {
    const { token, userId } = await registerUser(t);
    const idNumber = residentId();
    const accountNumber = cardNumber();
    // Typed with spaces, as people do: the normalised number must not leak either.
    const { answer } = await verifyIdentity(t, token, `${idNumber.slice(0, 6)} ${idNumber.slice(6)}`);
    expect(answer.code).toBe(CODES.OK);
    await passFaceCheck(t, token);
    const card = await api(t, saveBankCard, {
      token,
      body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber: accountNumber.replace(/(\d{4})/g, '$1 ') },
    });
    expect(card.data.accountMasked).toBe(`****${accountNumber.slice(-4)}`);
    const refused = await api(t, saveBankCard, {
      token,
      body: { bank: 'Bank of Walking', holderName: 'Someone Else', accountNumber },
    });
    expect(refused.code).toBe(CODES.BUSINESS_RULE);
    await fundUser(t, userId, 10_000);
    const withdrawal = await api(t, requestWithdrawal, {
      token,
      body: {
        amount: 5_000,
        bankCardId: card.data.id,
        idempotencyKey: idempotencyKey(),
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(withdrawal.code).toBe(CODES.OK);
    await t.app.services.admin.payouts.revealAccount('auditor', withdrawal.data.id);
    await t.app.services.admin.payouts.markPaid('auditor', withdrawal.data.id, 'REF-1');
    const statement = await api(t, listWithdrawals, { token });
    const identity = await api(t, getIdentity, { token });

    const dump = await dumpDatabase();
    expect(dump).toContain('identities');
    expect(dump).toContain('bank_cards');
    expect(dump).toContain(accountNumber.slice(-4));
    const logs = logLines.join('');
    expect(logs).toContain('/api/bank_card');
    for (const secret of [idNumber, accountNumber]) {
      expect(dump).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(JSON.stringify([statement, identity])).not.toContain(secret);
    }
    // The sealed values open with the key.
    const row = await t.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', '=', card.data.id)
      .executeTakeFirstOrThrow();
    expect(t.app.services.cipher.decrypt(row.account_encrypted)).toBe(accountNumber);
  });
});

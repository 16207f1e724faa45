import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../src/modules/index.js';
import { createDatabase } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import { DEMO } from './spawn-server.js';

/** The accounts of the money line's users: the demo account, then `others` copies of it. */
export function benchAccounts(others: number): string[] {
  return [DEMO.account, ...Array.from({ length: others }, (_, index) => `1390000${String(index).padStart(4, '0')}`)];
}

/**
 * Credits the demo account with points for the exchange line, as an operator's adjustment would,
 * and makes `others` more users like it (the demo's password, each with the same points), so that
 * exchanges of different users can run at once as they do in production (decision 053 "Fewer statements for home and
 * for money").
 */
export async function seedPoints(database: Config['database'], points: number, others = 0): Promise<void> {
  const db = createDatabase(database);
  try {
    const demo = await db.selectFrom('users').selectAll().where('account', '=', DEMO.account).executeTakeFirstOrThrow();
    const ids = [demo.id];
    for (const account of benchAccounts(others).slice(1)) {
      const id = randomUUID();
      await db
        .insertInto('users')
        .values({ ...demo, id, account, invite_code: randomBytes(6).toString('hex').toUpperCase() })
        .execute();
      ids.push(id);
    }
    const ledger = new LedgerService(db, systemClock);
    for (const userId of ids) {
      await ledger.transfer({
        kind: 'adjustment.credit',
        legs: [
          { account: { kind: 'system', name: 'adjustments', asset: 'POINTS' }, amount: -points },
          { account: { kind: 'user', userId, asset: 'POINTS' }, amount: points },
        ],
        memo: 'bench',
      });
    }
  } finally {
    await db.destroy();
  }
}

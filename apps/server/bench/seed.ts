import type { Config } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { LedgerService } from '../src/modules/ledger/ledger.service.js';
import { DEMO } from './spawn-server.js';

/** Credits the demo account with points for the exchange line, as an operator's adjustment would. */
export async function seedPoints(database: Config['database'], points: number): Promise<void> {
  const db = createDatabase(database);
  try {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', DEMO.account)
      .executeTakeFirstOrThrow();
    await new LedgerService(db, systemClock).transfer({
      kind: 'adjustment.credit',
      legs: [
        { account: { kind: 'system', name: 'adjustments', asset: 'POINTS' }, amount: -points },
        { account: { kind: 'user', userId: user.id, asset: 'POINTS' }, amount: points },
      ],
      memo: 'bench',
    });
  } finally {
    await db.destroy();
  }
}

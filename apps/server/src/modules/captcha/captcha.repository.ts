import type { Executor } from '../../db/executor.js';
import type { CaptchasTable } from '../../db/schema.js';

export class CaptchaRepository {
  async insert(db: Executor, row: CaptchasTable): Promise<void> {
    await db.insertInto('captchas').values(row).execute();
  }

  async deleteExpired(db: Executor, now: number): Promise<number> {
    const result = await db.deleteFrom('captchas').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Spends a live, unused captcha in one statement; its answer hash, or undefined when none was spent. */
  async spend(db: Executor, id: string, now: number): Promise<string | undefined> {
    const spent = await db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return spent?.answer_hash;
  }
}

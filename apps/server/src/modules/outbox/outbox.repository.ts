import type { Executor } from '../../db/executor.js';
import type { OutboxMessagesTable } from '../../db/schema.js';

export type OutboxRow = OutboxMessagesTable;

export interface OutboxFilter {
  /** Digits matched anywhere in the recipient's number. */
  recipient?: string | undefined;
  status?: string | undefined;
}

export class OutboxRepository {
  async insert(db: Executor, row: OutboxRow): Promise<void> {
    await db.insertInto('outbox_messages').values(row).execute();
  }

  /** Newest first; to one recipient when given. */
  latest(db: Executor, limit: number, recipient?: string): Promise<OutboxRow[]> {
    let query = db.selectFrom('outbox_messages').selectAll();
    if (recipient !== undefined) query = query.where('recipient', '=', recipient);
    return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  /** A page of messages, newest first, with the total (the operators' outbox, decision 026). */
  async search(
    db: Executor,
    filter: OutboxFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: OutboxRow[]; total: number }> {
    let query = db.selectFrom('outbox_messages');
    // The contract allows only digits and a leading +, so the pattern holds no wildcard of its own.
    if (filter.recipient) query = query.where('recipient', 'like', `%${filter.recipient}%`);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}

import type { Executor } from '../../db/executor.js';
import type { OutboxMessagesTable } from '../../db/schema.js';

export type OutboxRow = OutboxMessagesTable;

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
}

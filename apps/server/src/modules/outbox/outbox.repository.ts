import type { Executor } from '../../db/executor.js';
import { dueIds, leaseFree, newestFirst, pageOf, updatedOne } from '../../db/queries.js';
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

  /** Newest first; to one recipient when given (and, with `orTemplate`, every message of that kind). */
  latest(db: Executor, limit: number, recipient?: string, orTemplate?: string): Promise<OutboxRow[]> {
    // Text messages to people only: push rows (decision 048 "Web Push") are addressed to subscriptions.
    let query = db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'sms');
    if (recipient !== undefined) {
      query =
        orTemplate === undefined
          ? query.where('recipient', '=', recipient)
          : query.where((eb) => eb.or([eb('recipient', '=', recipient), eb('template', '=', orTemplate)]));
    }
    return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  /** Pending and failed messages per channel, and the oldest pending one's time (the status index). */
  async queueCounts(db: Executor) {
    const rows = await db
      .selectFrom('outbox_messages')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .select((eb) => eb.fn.min<number>('created_at').as('oldest'))
      .where('status', 'in', ['pending', 'failed'])
      .groupBy(['channel', 'status'])
      .execute();
    return rows.map((row) => ({
      channel: row.channel,
      status: row.status,
      count: Number(row.count),
      oldest: row.oldest === null ? null : Number(row.oldest),
    }));
  }

  /** Pending messages whose time has come and that no live lease holds, oldest first. */
  dueIds(db: Executor, now: number, limit: number): Promise<string[]> {
    return dueIds(db.selectFrom('outbox_messages').where('status', '=', 'pending'), 'next_attempt_at', now, limit);
  }

  /**
   * Claims one due message for `token` until `leaseUntil`, counting the attempt: a compare-and-set,
   * so of several deliverers that saw the same row exactly one gets it (decision 015 "Only once rules are held by the
   * database").
   */
  async claim(
    db: Executor,
    id: string,
    token: string,
    now: number,
    leaseUntil: number,
  ): Promise<OutboxRow | undefined> {
    const claimed = db
      .updateTable('outbox_messages')
      .set((eb) => ({ lease_token: token, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => leaseFree(eb, now));
    if (!(await updatedOne(claimed))) return undefined;
    return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Settles a claimed message; false when the claim was lost meanwhile (its lease ran out). */
  settle(
    db: Executor,
    id: string,
    token: string,
    change: Pick<OutboxRow, 'status' | 'error' | 'next_attempt_at' | 'sent_at'>,
  ): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('outbox_messages')
        .set({ ...change, lease_token: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_token', '=', token),
    );
  }

  /**
   * A page of messages, newest first, with the total (the operators' outbox, decision 026 "User care in the operator
   * console").
   */
  search(
    db: Executor,
    filter: OutboxFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: OutboxRow[]; total: number }> {
    let query = db.selectFrom('outbox_messages').where('channel', '=', 'sms');
    // The contract allows only digits and a leading +, so the pattern holds no wildcard of its own.
    if (filter.recipient) query = query.where('recipient', 'like', `%${filter.recipient}%`);
    if (filter.status) query = query.where('status', '=', filter.status);
    return pageOf(query, page, (found) => newestFirst(found.selectAll(), 'created_at', 'id'));
  }

  async deleteTo(db: Executor, recipient: string): Promise<void> {
    await db.deleteFrom('outbox_messages').where('recipient', '=', recipient).execute();
  }
}

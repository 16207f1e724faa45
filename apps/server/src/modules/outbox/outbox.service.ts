import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from './outbox.repository.js';

export interface OutgoingMessage {
  channel: 'sms';
  recipient: string;
  body: string;
}

/** Delivers messages to people. A real SMS provider implements this same interface. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutboxEntry extends OutgoingMessage {
  id: string;
  createdAt: number;
}

/**
 * The default sender keeps every message in the database, where the operator can read it, so the
 * product works on a machine without an SMS provider. With a `delivery` (a provider), it hands each
 * message over and records whether it went or why it failed (decision 026); a failure is recorded,
 * not thrown, so the caller's answer does not tell whether a message went out.
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly repository: OutboxRepository,
    private readonly clock: Clock,
    private readonly delivery?: MessageSender,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    let error: string | null = null;
    try {
      await this.delivery?.send(message);
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500) || 'delivery failed';
    }
    await this.repository.insert(this.db, {
      id: randomUUID(),
      ...message,
      created_at: this.clock.now(),
      status: error === null ? 'sent' : 'failed',
      error,
    });
  }

  /** The newest messages, to one recipient when given. */
  async latest(limit: number, recipient?: string): Promise<OutboxEntry[]> {
    const rows = await this.repository.latest(this.db, limit, recipient);
    return rows.map((row) => ({
      id: row.id,
      channel: 'sms',
      recipient: row.recipient,
      body: row.body,
      createdAt: row.created_at,
    }));
  }
}

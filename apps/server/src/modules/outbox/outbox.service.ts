import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';
import { isSmsTemplate, type SmsTemplate } from './sms-provider.js';

export interface OutgoingSms {
  channel: 'sms';
  recipient: string;
  /** The provider's template kind and its parameters (decision 034 "SMS delivery and codes"). */
  template: SmsTemplate;
  params: Record<string, string>;
  /** The text a person reads: rendered from the template in the recipient's language. */
  body: string;
}

/**
 * A Web Push message (decision 048 "Web Push"): to a push subscription (its id), the JSON payload as the
 * body, the push service's `ttl` and `urgency` as params. Always queued for the deliverer.
 */
export interface OutgoingPush {
  channel: 'push';
  recipient: string;
  body: string;
  params: { ttl: string; urgency: string };
}

export type OutgoingMessage = OutgoingSms | OutgoingPush;

/** Queues messages to people; the caller's transaction (or the database) is where the row goes. */
export interface MessageSender {
  send(db: Executor, message: OutgoingMessage): Promise<void>;
  /** Says that queued messages are committed, so delivery may start at once rather than at the next poll. */
  nudge(): void;
  /** Removes every message to the number, in the caller's transaction (account deletion, decision 047 "Your data"). */
  forget(db: Executor, recipient: string): Promise<void>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  id: string;
  channel: 'sms';
  recipient: string;
  body: string;
  template: SmsTemplate | null;
  params: Record<string, string>;
  status: OutboxStatus;
  createdAt: number;
}

export function outboxStatus(status: string): OutboxStatus {
  return status === 'pending' || status === 'failed' ? status : 'sent';
}

export function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    channel: 'sms',
    recipient: row.recipient,
    body: row.body,
    template: isSmsTemplate(row.template) ? row.template : null,
    params: row.params ? (JSON.parse(row.params) as Record<string, string>) : {},
    status: outboxStatus(row.status),
    createdAt: row.created_at,
  };
}

/**
 * The outbox (decisions 026 "User care in the operator console", 034 "SMS delivery and codes"). A request never
 * delivers anything itself: it only writes the message, in its own transaction where it has one. With a provider the
 * row is `pending` until the deliverer (outbox.deliverer.ts) hands it over; with none (demo, tests) the outbox is where
 * the message ends, readable as text, so it is `sent` at once. Nothing in the answer tells whether a
 * message went out.
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly repository: OutboxRepository,
    private readonly clock: Clock,
    private readonly delivers: boolean,
    /** Told when queued messages are committed (the deliverer's early wake-up); never awaited. */
    private readonly onQueued: () => void = () => undefined,
  ) {}

  forget(db: Executor, recipient: string): Promise<void> {
    return this.repository.deleteTo(db, recipient);
  }

  async send(db: Executor, message: OutgoingMessage): Promise<void> {
    const now = this.clock.now();
    // Pushes always go through the deliverer; SMS only with a provider (else the outbox is where they end).
    const delivers = message.channel === 'push' || this.delivers;
    await this.repository.insert(db, {
      id: randomUUID(),
      channel: message.channel,
      recipient: message.recipient,
      body: message.body,
      template: message.channel === 'sms' ? message.template : null,
      params: JSON.stringify(message.params),
      created_at: now,
      status: delivers ? 'pending' : 'sent',
      error: null,
      attempts: 0,
      next_attempt_at: delivers ? now : null,
      lease_token: null,
      lease_until: null,
      sent_at: delivers ? null : now,
    });
  }

  nudge(): void {
    this.onQueued();
  }

  /**
   * The delivery queue for the metrics (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"):
   * per channel, the messages waiting and those that failed for good, and how long the oldest waiting one has waited
   * (seconds).
   */
  async queueStats(): Promise<{ channel: string; pending: number; failed: number; oldestPendingSeconds: number }[]> {
    const now = this.clock.now();
    const byChannel = new Map<
      string,
      { channel: string; pending: number; failed: number; oldestPendingSeconds: number }
    >();
    for (const channel of ['sms', 'push'])
      byChannel.set(channel, { channel, pending: 0, failed: 0, oldestPendingSeconds: 0 });
    for (const row of await this.repository.queueCounts(this.db)) {
      const entry = byChannel.get(row.channel) ?? {
        channel: row.channel,
        pending: 0,
        failed: 0,
        oldestPendingSeconds: 0,
      };
      byChannel.set(row.channel, entry);
      if (row.status === 'failed') entry.failed = row.count;
      else {
        entry.pending = row.count;
        if (row.oldest !== null) entry.oldestPendingSeconds = Math.max(0, (now - row.oldest) / 1000);
      }
    }
    return [...byChannel.values()];
  }

  /** The newest messages, to one recipient when given (and, with `orTemplate`, all of that kind). */
  async latest(limit: number, recipient?: string, orTemplate?: SmsTemplate): Promise<OutboxEntry[]> {
    const rows = await this.repository.latest(this.db, limit, recipient, orTemplate);
    return rows.map(toEntry);
  }
}

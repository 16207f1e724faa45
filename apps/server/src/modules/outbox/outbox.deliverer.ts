import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { OutboxRepository } from './outbox.repository.js';
import { toEntry } from './outbox.service.js';
import { PushDeliveryError, pushOptionsOf, type PushTransport } from './push-channel.js';
import { SmsDeliveryError, type SmsProvider } from './sms-provider.js';

export interface DeliverySettings {
  /** How long one call to the provider may take before it counts as failed. */
  timeoutMs: number;
  /** Tries per message; after the last one it is `failed` with the reason. */
  maxAttempts: number;
  /** The wait after the first failed try; doubled after each further one (at most an hour). */
  retryBaseMs: number;
  /** How often the delivery job runs; 0: never on its own (tests call `deliverDue`). */
  pollMs: number;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A claim outlives the call's timeout, so a slow call is never delivered twice. */
const LEASE_MARGIN_MS = 30_000;

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'delivery failed';
}

/**
 * Delivers the outbox's pending messages through the provider (decision 034 "SMS delivery and codes"): claims each due
 * row with a lease (a compare-and-set, so with several server processes each message goes to exactly
 * one of them), calls the provider with a timeout, and records `sent`, a retry with exponential
 * backoff, or, after the last attempt or a refusal no retry can fix, `failed` with the reason.
 * The `outbox.deliver` job (decision 055 "Background jobs in a queue") runs a pass every `pollMs` and soon after a
 * message is queued; the queue runs one pass at a time, and the claims keep two passes apart anyway.
 */
export class OutboxDeliverer {
  constructor(
    private readonly db: Db,
    private readonly repository: OutboxRepository,
    /** SMS go out through it; null when the outbox is where they end (they are never pending then). */
    private readonly provider: SmsProvider | null,
    private readonly clock: Clock,
    private readonly settings: DeliverySettings,
    /** The `push` channel (decision 048 "Web Push"); null when there is none. */
    private readonly push: PushTransport | null = null,
  ) {}

  /** Where failures are logged (the app's logger once it exists). */
  log: FastifyBaseLogger | undefined;

  /** One pass over every message due now; what became of them. */
  async deliverDue(): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    const token = randomUUID();
    const seen = new Set<string>();
    for (;;) {
      const ids = (await this.repository.dueIds(this.db, this.clock.now(), BATCH)).filter((id) => !seen.has(id));
      if (ids.length === 0) return result;
      for (const id of ids) {
        seen.add(id);
        const outcome = await this.deliverOne(id, token);
        if (outcome) result[outcome] += 1;
      }
    }
  }

  private async deliverOne(id: string, token: string): Promise<keyof DeliveryResult | undefined> {
    const now = this.clock.now();
    const row = await this.repository.claim(this.db, id, token, now, now + this.settings.timeoutMs + LEASE_MARGIN_MS);
    if (!row) return undefined; // another deliverer has it
    const message = toEntry(row);
    const send = this.sender(row.channel, message);
    if (typeof send === 'string') {
      await this.repository.settle(this.db, id, token, {
        status: 'failed',
        error: send,
        next_attempt_at: null,
        sent_at: null,
      });
      return 'failed';
    }
    try {
      await send(AbortSignal.timeout(this.settings.timeoutMs));
    } catch (error) {
      const reason = reasonOf(error);
      const permanent = (error instanceof SmsDeliveryError || error instanceof PushDeliveryError) && error.permanent;
      const last = permanent || row.attempts >= this.settings.maxAttempts;
      const later = this.clock.now();
      const backoff = Math.min(MAX_BACKOFF_MS, this.settings.retryBaseMs * 2 ** (row.attempts - 1));
      await this.repository.settle(this.db, id, token, {
        status: last ? 'failed' : 'pending',
        error: reason,
        next_attempt_at: last ? null : later + backoff,
        sent_at: null,
      });
      this.log?.warn({ outbox: id, attempt: row.attempts, reason, final: last }, `${row.channel} delivery failed`);
      return last ? 'failed' : 'retried';
    }
    await this.repository.settle(this.db, id, token, {
      status: 'sent',
      error: null,
      next_attempt_at: null,
      sent_at: this.clock.now(),
    });
    return 'sent';
  }

  /** How a row of this channel goes out, or why it cannot. */
  private sender(
    channel: string,
    message: ReturnType<typeof toEntry>,
  ): ((signal: AbortSignal) => Promise<void>) | string {
    if (channel === 'push') {
      const push = this.push;
      if (!push) return 'no push transport';
      return (signal) => push.deliver(message.recipient, message.body, pushOptionsOf(message.params), signal);
    }
    const provider = this.provider;
    const template = message.template;
    if (!provider) return 'no SMS provider';
    if (!template) return 'no template to send';
    return (signal) => provider.send({ recipient: message.recipient, template, params: message.params }, signal);
  }

  /**
   * Asks for a pass soon: the job runner's `outbox.deliver` (decision 055 "Background jobs in a queue") once the app
   * has wired it; nothing when `pollMs` is 0 (tests call `deliverDue`).
   */
  wake(): void {
    if (this.settings.pollMs > 0) this.onWake?.();
  }

  /** What `wake` calls: the app sets it to trigger the delivery job. */
  onWake: (() => void) | undefined;
}

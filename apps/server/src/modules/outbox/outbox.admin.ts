import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OutboxRepository } from './outbox.repository.js';
import { outboxStatus, type OutboxStatus } from './outbox.service.js';

/** Runs of 4 or more digits: reset codes and any other code a message carries. */
const CODE = /[0-9]{4,}/g;

/**
 * A message's text with its codes masked: an operator never reads a live code (decision 026 "User care in the operator
 * console").
 */
export function maskCodes(body: string): string {
  return body.replace(CODE, (digits) => '•'.repeat(digits.length));
}

export interface OutboxMessageView {
  id: string;
  channel: string;
  recipient: string;
  body: string;
  status: OutboxStatus;
  error: string | null;
  attempts: number;
  createdAt: string;
}

/** The operators' outbox: what the service queued, sent or failed to send, codes masked, a recorded look. */
export class OutboxAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: OutboxRepository,
    private readonly audit: AuditService,
  ) {}

  async list(
    operator: string,
    query: { page: number; pageSize: number; recipient?: string | undefined; status?: OutboxStatus | undefined },
    options: { maskRecipients: boolean },
  ) {
    const { rows, total } = await this.repository.search(
      this.db,
      { recipient: query.recipient, status: query.status },
      pageWindow(query),
    );
    // Recipients are personal numbers: the look is recorded (the filter itself is one, so not kept).
    await this.audit.recordLook({
      operator,
      action: 'outbox.view',
      subjectType: 'outbox',
      subjectId: 'messages',
      detail: { messageIds: rows.map((row) => row.id), status: query.status ?? null, masked: options.maskRecipients },
    });
    const items: OutboxMessageView[] = rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: options.maskRecipients ? maskMobile(row.recipient) : row.recipient,
      body: maskCodes(row.body),
      status: outboxStatus(row.status),
      error: row.error,
      attempts: row.attempts,
      createdAt: isoTime(row.created_at),
    }));
    return { ...pageResult(items, query, total), masked: options.maskRecipients };
  }
}

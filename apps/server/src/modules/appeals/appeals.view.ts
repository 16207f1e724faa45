import type { Appeal, AppealKind, AppealReason, AppealStatus } from '@stride/contract';
import { HOUR_MS, isoTime } from '../../lib/clock.js';
import { fileUrl } from '../files/files.service.js';
import type { AppealRow } from './appeals.repository.js';

/** An appeal as its author reads it (docs/product/appeals.md). */
export function toAppeal(row: AppealRow, decisionHours: number, now: number): Appeal {
  return {
    id: row.id,
    kind: row.kind as AppealKind,
    subject: row.subject,
    note: row.note,
    imageUrl: row.file_id === null ? null : fileUrl(row.file_id),
    status: row.status as AppealStatus,
    createdAt: isoTime(Number(row.created_at)),
    dueAt: isoTime(Number(row.due_at)),
    decisionHours,
    overdue: row.status === 'open' && Number(row.due_at) < now,
    decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
    reason: row.reason as AppealReason | null,
    reply: row.reply,
  };
}

/** When an appeal made at `now` is due: `decisionHours` later. */
export const dueAt = (now: number, decisionHours: number) => now + decisionHours * HOUR_MS;

import type { ConsoleClub } from '@stride/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import type { ClubsTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { OperatorError } from '../../http/operator-error.js';
import { isoTime } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import { shownClubNames } from './clubs.moderation.js';
import type { ClubFilter, ClubRow, ClubsRepository } from './clubs.repository.js';

/** Members told of a closing per statement. */
const TOLD_PER_STATEMENT = 1_000;

const at = (ms: number | null) => (ms === null ? null : isoTime(Number(ms)));

function toConsoleClub(row: ClubRow, ownerMobileMasked: string): ConsoleClub {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    ownerId: row.owner_id,
    ownerMobileMasked,
    members: Number(row.member_count),
    verified: row.verified_at !== null,
    verifiedAt: at(row.verified_at),
    createdAt: isoTime(Number(row.created_at)),
    closedAt: at(row.closed_at),
    closedReason: row.closed_reason,
    version: Number(row.version),
  };
}

function snapshot(row: ClubRow) {
  return {
    name: row.name,
    verifiedAt: at(row.verified_at),
    closedAt: at(row.closed_at),
    closedReason: row.closed_reason,
    version: Number(row.version),
  };
}

/**
 * Operators' side of clubs (docs/console/clubs.md): the list, the verified badge, and closing a club that breaks the
 * rules. Each change is a compare-and-set on the club's `version`, recorded with the operator in the same transaction.
 */
export class ClubsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: ClubsRepository,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async search(filter: ClubFilter, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.search(this.db, filter, pageWindow(page));
    const mobiles = await this.audit.maskedMobiles(rows.map((row) => row.owner_id));
    return pageResult(
      rows.map((row) => toConsoleClub(row, mobiles.get(row.owner_id) ?? '')),
      page,
      total,
    );
  }

  verify(operator: string, id: string, version: number): Promise<ConsoleClub> {
    return this.change(operator, id, version, 'club.verify', (now) => ({ verified_at: now }));
  }

  unverify(operator: string, id: string, version: number): Promise<ConsoleClub> {
    return this.change(operator, id, version, 'club.unverify', () => ({ verified_at: null }));
  }

  /** Closes the club with the operator's reason; each member is told in the inbox, with the reason. */
  async close(operator: string, id: string, version: number, reason: string): Promise<ConsoleClub> {
    const closed = await this.change(
      operator,
      id,
      version,
      'club.close',
      (now) => ({ closed_at: now, closed_reason: reason }),
      async (trx, club) => {
        // With the closing, in one transaction: a statement per chunk of members, however large the club.
        const members = await this.repository.memberIds(trx, id);
        for (let from = 0; from < members.length; from += TOLD_PER_STATEMENT) {
          await this.notifications.recordMany(
            trx,
            members.slice(from, from + TOLD_PER_STATEMENT).map((userId) => ({
              userId,
              kind: 'club.closed' as const,
              params: { club: shownClubNames(club), reason },
              dedupeKey: `club.closed:${id}`,
              link: { path: NOTIFICATION_PAGES.clubs },
            })),
          );
        }
      },
      { reason },
    );
    this.notifications.nudge();
    return closed;
  }

  private async change(
    operator: string,
    id: string,
    version: number,
    action: 'club.verify' | 'club.unverify' | 'club.close',
    set: (now: number) => Updateable<ClubsTable>,
    then: (trx: Executor, club: ClubRow) => Promise<void> = () => Promise.resolve(),
    detail: Record<string, unknown> = {},
  ): Promise<ConsoleClub> {
    let before: ClubRow | undefined;
    const after = await this.audit.changeState<ClubRow, ClubRow>({
      operator,
      change: async (trx, now) => {
        before = await this.repository.find(trx, id);
        return this.repository.change(trx, id, version, set(now));
      },
      reread: (trx) => this.repository.find(trx, id),
      missing: `No club ${id}`,
      lost: (current) => {
        if (current.closed_at !== null) return OperatorError.of('clubClosed');
        throw new AppError('STALE_EDIT', 'staleEdit');
      },
      apply: async (trx) => {
        const changed = await this.repository.find(trx, id);
        if (!changed) throw new OperatorError(`No club ${id}`);
        await then(trx, changed);
        return changed;
      },
      record: (changed) => ({
        action,
        subjectType: 'club',
        subjectId: id,
        detail,
        ...(before ? { before: snapshot(before) } : {}),
        after: snapshot(changed),
      }),
    });
    const mobiles = await this.audit.maskedMobiles([after.owner_id]);
    return toConsoleClub(after, mobiles.get(after.owner_id) ?? '');
  }
}

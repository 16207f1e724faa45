import type { MoneyMovement, PointsMovement } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime } from '../../lib/clock.js';
import type { CardsService } from '../cards/cards.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { WalkingRepository } from './walking.repository.js';
import { cashOf, pointsOf, toExchangeRecord } from './rewards.js';

/** The day a released collection's ledger key names (`<user>:points.review:<day>`, see WalkingRewards.collectReleased). */
function releasedDayOf(idempotencyKey: string | null): string | undefined {
  return /:points\.review:(\d{4}-\d{2}-\d{2})$/.exec(idempotencyKey ?? '')?.[1];
}

/**
 * The user's statements of what walking's rewards moved (decision 081 "One points statement, and money screens that
 * say what the ledger did"): the exchanges, the money account and the points account, each linking to its records.
 */
export class WalkingStatements {
  constructor(
    private readonly db: Db,
    private readonly repository: WalkingRepository,
    private readonly cards: CardsService,
    private readonly ledger: LedgerService,
    private readonly calendar: BusinessCalendar,
  ) {}

  async listExchanges(userId: string, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.listExchanges(this.db, userId, pageWindow(page));
    return pageResult(rows.map(toExchangeRecord), page, total);
  }

  async moneyStatement(
    userId: string,
    query: {
      page: number;
      pageSize: number;
      type?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ) {
    const { rows, total } = await this.ledger.statement(
      cashOf(userId),
      {
        kind: query.type,
        from: query.from ? this.calendar.startOf(query.from) : undefined,
        before: query.to ? this.calendar.startOf(this.calendar.addDays(query.to, 1)) : undefined,
      },
      pageWindow(query),
    );
    // A card's cash back links to the receipt of the day it was paid for.
    const receiptDays = await this.cards.cashBackDaysByTransfer(
      this.db,
      rows.filter((row) => row.kind === 'card.cashback').map((row) => row.transfer_id),
    );
    const items: MoneyMovement[] = rows.map((row) => ({
      id: String(row.id),
      type: row.kind,
      amount: row.amount,
      balanceAfter: row.balance_after,
      receiptDay: receiptDays.get(row.transfer_id) ?? null,
      createdAt: isoTime(row.created_at),
    }));
    return pageResult(items, query, total);
  }

  /**
   * Every movement of the user's points, newest first (decision 081 "One points statement"): the points account's own
   * ledger entries, so nothing the ledger moved is missing and nobody else's can appear. A
   * collection of points a review released (decision 078 "A held step day is never a dead end") is told apart by its
   * ledger key, and links to its day's receipt as a collection does; goods and exchanges link to their records.
   */
  async pointsStatement(
    userId: string,
    query: { page: number; pageSize: number },
    orders: { orderIdsByTransfer(transferIds: readonly string[]): Promise<Map<string, string>> },
  ) {
    const { rows, total } = await this.ledger.statement(pointsOf(userId), {}, pageWindow(query));
    const ofKinds = (...kinds: string[]) =>
      rows.filter((row) => kinds.includes(row.kind)).map((row) => row.transfer_id);
    const [orderIds, exchangeIds] = await Promise.all([
      orders.orderIdsByTransfer(ofKinds('shop.order', 'shop.refund')),
      this.repository.exchangeIdsByTransfer(this.db, ofKinds('exchange')),
    ]);
    const items: PointsMovement[] = rows.map((row) => {
      const released = row.kind === 'points.collect' ? releasedDayOf(row.idempotency_key) : undefined;
      return {
        id: String(row.id),
        type: released ? 'points.release' : row.kind,
        amount: row.amount,
        balanceAfter: row.balance_after,
        receiptDay: row.kind === 'points.collect' ? (released ?? this.calendar.dayOf(row.created_at)) : null,
        orderId: orderIds.get(row.transfer_id) ?? null,
        exchangeId: exchangeIds.get(row.transfer_id) ?? null,
        createdAt: isoTime(row.created_at),
      };
    });
    return pageResult(items, query, total);
  }
}

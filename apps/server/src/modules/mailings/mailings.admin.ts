import type { Mailing } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { MailingWithPlanRow, MailingsRepository } from './mailings.repository.js';
import { MAILING_LIST_LIMIT, toMailing } from './mailings.service.js';

/** Operators ship physical cards and mark them delivered, each step once. */
export class MailingsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: MailingsRepository,
    private readonly operators: OperatorsService,
    private readonly notifications: NotificationsService,
  ) {}

  listForOperators(status: string | undefined, limit = MAILING_LIST_LIMIT): Promise<MailingWithPlanRow[]> {
    return this.repository.list(this.db, { status }, limit);
  }

  /** A page of mailings by status; those waiting to ship oldest first (the console's queue), else newest first. */
  pageForOperators(status: string, page: { limit: number; offset: number }) {
    return this.repository.page(this.db, { status }, page, status === 'requested' ? 'asc' : 'desc');
  }

  ship(operator: string, id: string, shipment: { carrier: string; trackingNumber: string }): Promise<Mailing> {
    return this.move(operator, id, 'requested', 'shipped', (now) => ({
      status: 'shipped',
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      shipped_at: now,
    }));
  }

  markDelivered(operator: string, id: string): Promise<Mailing> {
    return this.move(operator, id, 'shipped', 'delivered', (now) => ({
      status: 'delivered',
      delivered_at: now,
    }));
  }

  private async move(
    operator: string,
    id: string,
    from: Mailing['status'],
    to: 'shipped' | 'delivered',
    values: (now: number) => Parameters<MailingsRepository['transition']>[3],
  ): Promise<Mailing> {
    const mailing = await this.operators.changeState({
      operator,
      change: (trx, now) => this.repository.transition(trx, id, from, values(now)),
      reread: (trx) => this.repository.find(trx, id),
      missing: `No card mailing ${id}`,
      lost: (current) => `Card mailing ${id} is ${current.status}, not ${from}`,
      apply: async (trx) => {
        const updated = await this.repository.find(trx, id);
        if (!updated) throw new OperatorError(`No card mailing ${id}`);
        if (to === 'shipped') {
          await this.notifications.record(trx, {
            userId: updated.user_id,
            kind: 'card-mailing.shipped',
            params: { mailingId: id, carrier: updated.carrier ?? '', trackingNumber: updated.tracking_number ?? '' },
            dedupeKey: `card-mailing.shipped:${id}`,
            link: { path: NOTIFICATION_PAGES.mailing },
          });
        }
        return toMailing(updated);
      },
      record: (_mailing, now) => {
        const change = values(now);
        return {
          action: `card-mailing.${to}`,
          subjectType: 'card-mailing',
          subjectId: id,
          before: { status: from },
          after: {
            status: to,
            ...(change.carrier ? { carrier: change.carrier, trackingNumber: change.tracking_number } : {}),
          },
          detail: {
            from,
            to,
            carrier: change.carrier ?? undefined,
            trackingNumber: change.tracking_number ?? undefined,
          },
        };
      },
    });
    this.notifications.nudge(); // the shipping push, now committed
    return mailing;
  }
}

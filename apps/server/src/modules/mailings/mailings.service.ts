import { randomUUID } from 'node:crypto';
import type { Mailing } from '@stride/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Translate } from '../../i18n/index.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import { OperatorError } from '../identity/identity.service.js';
import type { OperatorActionsRepository } from '../operators/operator-actions.repository.js';
import type { MailingWithPlanRow, MailingsRepository } from './mailings.repository.js';

const MAILING_LIST_LIMIT = 100;

export function toMailing(row: MailingWithPlanRow): Mailing {
  const time = (value: number | null) => (value === null ? null : isoTime(value));
  return {
    id: row.id,
    cardId: row.card_id,
    cardName: row.card_name,
    status: row.status as Mailing['status'],
    address: { name: row.ship_name, phone: row.ship_phone, region: row.ship_region, detail: row.ship_detail },
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    createdAt: isoTime(row.created_at),
    shippedAt: time(row.shipped_at),
    deliveredAt: time(row.delivered_at),
  };
}

/** Physical member cards by post: one per active card, free, shipped by an operator. */
export class MailingsService {
  constructor(
    private readonly db: Db,
    private readonly repository: MailingsRepository,
    private readonly cards: CardsService,
    private readonly addresses: AddressesService,
    private readonly actions: OperatorActionsRepository,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: Config,
  ) {}

  info(t: Translate): { description: string; isFree: boolean } {
    return { description: this.config.cardMailingDescription ?? t('cardMailingDescription'), isFree: true };
  }

  apply(userId: string, input: { cardId: string; addressId: string }): Promise<Mailing> {
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const card = await this.cards.findOwnedCard(trx, userId, input.cardId);
        if (!card) throw notFound();
        if (card.ends_on < this.calendar.dayOf(now)) throw new AppError('BUSINESS_RULE', 'cardNotActive');
        const address = await this.addresses.getOwned(trx, userId, input.addressId);
        if (await this.repository.findByCard(trx, card.id)) throw new AppError('CONFLICT', 'cardMailingExists');
        const id = randomUUID();
        await this.repository.insert(trx, {
          id,
          user_id: userId,
          card_id: card.id,
          status: 'requested',
          ship_name: address.name,
          ship_phone: address.phone,
          ship_region: address.region,
          ship_detail: address.detail,
          carrier: null,
          tracking_number: null,
          created_at: now,
          shipped_at: null,
          delivered_at: null,
        });
        const row = await this.repository.find(trx, id);
        if (!row) throw notFound();
        return toMailing(row);
      }),
    );
  }

  async list(userId: string): Promise<Mailing[]> {
    return (await this.repository.list(this.db, { userId }, MAILING_LIST_LIMIT)).map(toMailing);
  }

  // Operator actions (the ops command line).

  listForOperators(status: string | undefined, limit = MAILING_LIST_LIMIT) {
    return this.repository.list(this.db, { status }, limit);
  }

  ship(operator: string, id: string, shipment: { carrier: string; trackingNumber: string }): Promise<Mailing> {
    return this.operatorTransition(operator, id, 'requested', 'shipped', (now) => ({
      status: 'shipped',
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      shipped_at: now,
    }));
  }

  markDelivered(operator: string, id: string): Promise<Mailing> {
    return this.operatorTransition(operator, id, 'shipped', 'delivered', (now) => ({
      status: 'delivered',
      delivered_at: now,
    }));
  }

  private operatorTransition(
    operator: string,
    id: string,
    from: Mailing['status'],
    to: Mailing['status'],
    values: (now: number) => Parameters<MailingsRepository['transition']>[3],
  ): Promise<Mailing> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repository.find(trx, id);
      if (!row) throw new OperatorError(`No card mailing ${id}`);
      const change = values(now);
      if (!(await this.repository.transition(trx, id, from, change))) {
        // Read again: another operator may have moved it while this one waited on the row.
        const current = (await this.repository.find(trx, id))?.status ?? row.status;
        throw new OperatorError(`Card mailing ${id} is ${current}, not ${from}`);
      }
      await this.actions.record(trx, {
        operator,
        action: `card-mailing.${to}`,
        subjectType: 'card-mailing',
        subjectId: id,
        detail: { from, to, carrier: change.carrier ?? undefined, trackingNumber: change.tracking_number ?? undefined },
        now,
      });
      const updated = await this.repository.find(trx, id);
      if (!updated) throw new OperatorError(`No card mailing ${id}`);
      return toMailing(updated);
    });
  }
}

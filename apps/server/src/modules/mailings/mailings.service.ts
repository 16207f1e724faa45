import { randomUUID } from 'node:crypto';
import type { Mailing } from '@stride/contract';
import type { MailingsSettings } from './mailings.settings.js';
import type { Db } from '../../db/database.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Translate } from '../../locales/index.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import type { Clock } from '../../lib/clock.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { MailingWithPlanRow, MailingsRepository } from './mailings.repository.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import { shipmentsSection, shipmentView, timeOrNull, unshipped, type ShipmentKind } from '../shipping/shipping.js';

export const MAILING_LIST_LIMIT = 100;

/** Card mailings as shipments (decision 092 "One shipping pipeline"): requested, shipped, delivered. */
export const CARD_MAILINGS: ShipmentKind = {
  subject: 'card-mailing',
  noun: 'Card mailing',
  waiting: 'requested',
  arrived: 'delivered',
};

export function toMailing(row: MailingWithPlanRow): Mailing {
  return {
    id: row.id,
    cardId: row.card_id,
    cardName: row.card_name,
    status: row.status as Mailing['status'],
    ...shipmentView(row),
    deliveredAt: timeOrNull(row.delivered_at),
  };
}

/** Physical member cards by post: one per active card, free, shipped by an operator. */
export class MailingsService {
  constructor(
    private readonly db: Db,
    private readonly repository: MailingsRepository,
    private readonly cards: CardsService,
    private readonly addresses: AddressesService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: MailingsSettings,
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
          ...unshipped(address),
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

  /** The card mailings section; a mailing not yet shipped blocks deletion (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return shipmentsSection(this.db, 'mailings', 'unshippedMailings', this.repository);
  }
}

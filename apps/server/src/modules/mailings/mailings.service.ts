import { randomUUID } from 'node:crypto';
import type { Mailing } from '@stride/contract';
import type { MailingsSettings } from './mailings.settings.js';
import type { Db } from '../../db/database.js';
import { retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Translate } from '../../i18n/index.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { MailingWithPlanRow, MailingsRepository } from './mailings.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

export const MAILING_LIST_LIMIT = 100;

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

  /** The card mailings section; a mailing not yet shipped blocks deletion (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return {
      name: 'mailings',
      exportFor: async (userId) => (await this.repository.exportOfUser(this.db, userId)).map(exportRow),
      erase: (trx, { userId }) => this.repository.eraseShipping(trx, userId),
      blocksDeletion: async (db, userId) => ({ unshippedMailings: await this.repository.countUnshipped(db, userId) }),
    };
  }
}

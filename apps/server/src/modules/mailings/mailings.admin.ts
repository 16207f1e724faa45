import type { Mailing } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/audit.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import { queueOrder } from '../shipping/shipping.js';
import { ShippingAdmin } from '../shipping/shipping.admin.js';
import type { MailingWithPlanRow, MailingsRepository } from './mailings.repository.js';
import { CARD_MAILINGS, MAILING_LIST_LIMIT, toMailing } from './mailings.service.js';

/** Operators ship physical cards and mark them delivered, each step once (decision 092 "One shipping pipeline"). */
export class MailingsAdmin {
  /** Shipping the cards, the steps every kind of shipment takes. */
  readonly shipping: ShippingAdmin<MailingWithPlanRow, Mailing>;

  constructor(
    private readonly db: Db,
    private readonly repository: MailingsRepository,
    audit: AuditService,
    notifications: NotificationsService,
  ) {
    this.shipping = new ShippingAdmin(audit, notifications, {
      ...CARD_MAILINGS,
      find: (db, id) => repository.find(db, id),
      transition: (db, id, from, values) => repository.transition(db, id, from, values),
      toItem: toMailing,
      notice: { path: NOTIFICATION_PAGES.mailing, params: (row) => ({ mailingId: row.id }) },
    });
  }

  listForOperators(status: string | undefined, limit = MAILING_LIST_LIMIT): Promise<MailingWithPlanRow[]> {
    return this.repository.list(this.db, { status }, limit);
  }

  /** A page of mailings by status; those waiting to ship oldest first (the console's queue), else newest first. */
  pageForOperators(status: string, page: { limit: number; offset: number }) {
    return this.repository.page(this.db, { status }, page, queueOrder(CARD_MAILINGS, status));
  }

  ship(operator: string, id: string, shipment: { carrier: string; trackingNumber: string }): Promise<Mailing> {
    return this.shipping.ship(operator, id, shipment);
  }

  markDelivered(operator: string, id: string): Promise<Mailing> {
    return this.shipping.arrive(operator, id);
  }
}

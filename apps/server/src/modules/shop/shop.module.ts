import { defineModule, type Frame } from '../../lib/module.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { ShopAdmin } from './shop.admin.js';
import { registerShopConsoleRoutes } from './shop.console.js';
import { ShopRepository } from './shop.repository.js';
import { registerShopRoutes } from './shop.routes.js';
import { ShopService } from './shop.service.js';

/**
 * The points shop: goods paid in points, their orders and shipping (decisions 012 "Points shop, orders, addresses,
 * mailing, invites, notices", 024 "The merchant's console", 083 "Shopping words and one page head").
 */
export const shopModule = defineModule({
  name: 'shop',
  needs: ['addresses', 'cards', 'ledger', 'audit', 'notifications'],
  build: (
    { db, clock }: Frame,
    {
      addresses,
      cards,
      ledger,
      audit,
      notifications,
    }: {
      addresses: AddressesService;
      cards: CardsService;
      ledger: LedgerService;
      audit: AuditService;
      notifications: NotificationsService;
    },
  ) => {
    const shopRepository = new ShopRepository();
    return {
      shop: new ShopService(db, shopRepository, addresses, cards, ledger, clock),
      admin: { shop: new ShopAdmin(db, shopRepository, audit, clock, notifications) },
    };
  },
  routes: (endpoints, services) => {
    registerShopRoutes(endpoints, services);
    registerShopConsoleRoutes(endpoints, services);
  },
  personalData: ({ shop }) => [shop.personalData()],
});

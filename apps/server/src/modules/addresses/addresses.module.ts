import { defineModule, type Frame } from '../../lib/module.js';
import { AddressesRepository } from './addresses.repository.js';
import { registerAddressRoutes } from './addresses.routes.js';
import { AddressesService } from './addresses.service.js';
import { addressesSettings, type AddressesSettings } from './addresses.settings.js';

/** Delivery addresses: a user's book, used by the shop and card mailings (docs/product). */
export const addressesModule = defineModule({
  name: 'addresses',
  settings: addressesSettings,
  build: ({ db, clock, config }: Frame<AddressesSettings>) => ({
    addresses: new AddressesService(db, new AddressesRepository(), clock, config),
  }),
  routes: (endpoints, services) => registerAddressRoutes(endpoints, services),
  personalData: ({ addresses }) => [addresses.personalData()],
});

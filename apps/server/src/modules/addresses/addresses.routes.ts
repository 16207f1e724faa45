import { deleteAddress, listAddresses, saveAddress } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { AddressesService } from './addresses.service.js';

export function registerAddressRoutes(endpoints: EndpointRegistrar, deps: { addresses: AddressesService }): void {
  const { addresses } = deps;

  endpoints.handle(listAddresses, ({ user }) => addresses.list(user.id));

  endpoints.handle(saveAddress, ({ user, body }) => addresses.save(user.id, body));

  endpoints.handle(deleteAddress, ({ user, params }) => addresses.delete(user.id, params.id));
}

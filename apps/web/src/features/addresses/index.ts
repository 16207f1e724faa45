export { listAddresses } from './api/list-addresses';
export { saveAddress } from './api/save-address';
export { deleteAddress } from './api/delete-address';
export { getRules } from './api/get-rules';
export { canAddAddress, validateAddress, type AddressDraft } from './address-rules';
export { AddressForm } from './components/address-form';
export { useAddresses } from './use-addresses';

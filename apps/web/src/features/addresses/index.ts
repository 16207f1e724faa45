export { canAddAddress, validateAddress, type AddressDraft } from './address-rules';
export { AddressForm } from './components/address-form';
export { useAddresses } from './use-addresses';

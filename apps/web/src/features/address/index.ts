export { listAddresses } from './api/list-addresses';

export { getInvite } from './api/get-invite';

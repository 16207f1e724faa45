export { getInvite } from './api/get-invite';
export { InviteView, type InviteInfo } from './components/invite-view';

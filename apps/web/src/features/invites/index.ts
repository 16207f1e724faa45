export { InviteView, type InviteInfo } from './components/invite-view';

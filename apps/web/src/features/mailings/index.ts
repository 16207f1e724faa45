export { applyCardMailing } from './api/apply-card-mailing';
export { getCardMailingInfo } from './api/get-card-mailing-info';
export { listCardMailings } from './api/list-card-mailings';
export { MailingApplyForm, type MailableCard } from './components/mailing-apply-form';
export { MailingRecords } from './components/mailing-records';

export { MailingApplyForm, type MailableCard } from './components/mailing-apply-form';
export { MailingRecords } from './components/mailing-records';

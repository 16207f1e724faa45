export { ChangePasswordForm } from './components/change-password-form';
export { AccountSummary } from './components/account-summary';
export { ProfileForm } from './components/profile-form';
export { supportHref, type SupportContact } from './support-href';

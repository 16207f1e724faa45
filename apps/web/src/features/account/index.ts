export { logoutUser } from './api/logout-user';
export { changePassword } from './api/change-password';
export { ChangePasswordForm } from './components/change-password-form';
export { AccountSummary } from './components/account-summary';
export { Avatar } from './components/avatar';
export { ProfileForm } from './components/profile-form';
export { updateProfile } from './api/update-profile';
export { supportHref, type SupportContact } from './support-href';

export { logoutUser } from './api/logout-user';
export { changePassword } from './api/change-password';
export { ChangePasswordForm } from './components/change-password-form';
export { AccountSummary } from './components/account-summary';
export { LanguagePicker } from './components/language-picker';

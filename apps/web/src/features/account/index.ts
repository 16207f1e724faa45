export { logoutUser } from './api/logout-user';
export { AccountSummary } from './components/account-summary';
export { LanguagePicker } from './components/language-picker';

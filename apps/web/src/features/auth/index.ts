export { LoginForm, type LoginMode } from './components/login-form';
export type { PolicyAcceptanceSlot } from './components/sign-up-form';
export { EditPasswordForm } from './components/edit-password-form';
export { handOverReset, takeResetHandoff } from './reset-handoff';
export { dropLoginNotice, handOverLoginNotice, takeLoginNotice, type LoginNotice } from './login-notice';
export { isWelcomeDue, markWelcomeSeen } from './welcome-seen';
export { Welcome } from './components/welcome';

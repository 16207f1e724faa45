export { getCaptcha } from './api/get-captcha';
export { loginUser } from './api/login-user';
export { registerUser } from './api/register-user';
export { getUserInfo } from './api/get-user-info';
export { requestPasswordKey } from './api/request-password-key';
export { resetPassword } from './api/reset-password';
export { LoginForm, type LoginMode } from './components/login-form';
export { EditPasswordForm } from './components/edit-password-form';
export { handOverReset, takeResetHandoff } from './reset-handoff';

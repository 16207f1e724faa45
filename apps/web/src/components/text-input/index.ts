export { TextInput, type TextInputProps } from './text-input';
export { PasswordInput, type PasswordInputProps } from './password-input';
export { OneTimeCodeInput } from './one-time-code-input';
export { IdNumberInput, PersonNameInput } from './identity-inputs';
export { NewPasswordFields, newPasswordProblem, type NewPasswordFieldsProps } from './new-password-fields';

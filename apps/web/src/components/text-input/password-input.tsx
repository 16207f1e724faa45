import { PASSWORD_MAX } from '@stride/contract';
import { TextInput } from './text-input';

export interface PasswordInputProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** A password being chosen; without it, the user's current one, to be checked. */
  readonly isNew?: boolean;
}

/** A required password field, cut at the contract's longest password. */
export function PasswordInput({ label, value, onChange, isNew = false }: PasswordInputProps) {
  return (
    <TextInput
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      maxLength={PASSWORD_MAX}
      required
      value={value}
      onChange={onChange}
    />
  );
}

import { TextInput } from './text-input';

interface IdentityInputProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}

/** A person's name as their ID card has it: required, at most 64 characters. */
export function PersonNameInput({
  autoComplete,
  ...field
}: IdentityInputProps & {
  /** `name` for the user's own name; none for someone else's. */
  readonly autoComplete?: 'name';
}) {
  return <TextInput {...field} maxLength={64} required autoComplete={autoComplete} />;
}

/** A resident ID number as typed (it is normalised before it is checked): required, at most 32 characters. */
export function IdNumberInput({
  autoCapitalize,
  ...field
}: IdentityInputProps & { readonly autoCapitalize?: 'characters' }) {
  return <TextInput {...field} maxLength={32} required autoComplete="off" autoCapitalize={autoCapitalize} />;
}

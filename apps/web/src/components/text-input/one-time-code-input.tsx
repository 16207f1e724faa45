import { TextInput } from './text-input';

/** A code sent to the user, of `length` digits: the phone's number pad, and the code offered from the message. */
export function OneTimeCodeInput({
  label,
  length,
  value,
  onChange,
}: {
  readonly label: string;
  readonly length: number;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={length}
      required
      value={value}
      onChange={onChange}
    />
  );
}

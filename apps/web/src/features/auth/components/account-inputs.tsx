import { TextInput } from '../../../components/text-input';

/** The mobile number an account is known by: the phone's own keypad, and the saved account offered. */
export function MobileInput({
  label,
  value,
  onChange,
  readOnly,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly readOnly?: boolean;
}) {
  return (
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="username"
      maxLength={16}
      required
      readOnly={readOnly}
      value={value}
      onChange={onChange}
    />
  );
}

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

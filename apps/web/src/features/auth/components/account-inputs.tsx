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

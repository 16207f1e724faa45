import { useId, type InputHTMLAttributes } from 'react';
import { limitInput, normaliseMaxLength } from '../../lib/input';
import './text-input.css';
import { FormError } from '../form-error';

export interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'maxLength' | 'required' | 'id'
> {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Defaults to 140 (docs/product/client.md, Gestures and components); zero or less also means 140. */
  readonly maxLength?: number;
  readonly required?: boolean;
  /** Shows "12/140" under the field. */
  readonly showCount?: boolean;
  readonly error?: string;
}

/** A labelled input that cuts longer text to its limit instead of refusing it. */
export function TextInput({
  label,
  value,
  onChange,
  maxLength,
  required = false,
  showCount = false,
  error,
  className,
  ...rest
}: TextInputProps) {
  const id = useId();
  const limit = normaliseMaxLength(maxLength);
  const shown = limitInput(value, limit);
  const errorId = `${id}-error`;
  return (
    <div className="field text-input">
      {/* The mark stays outside the label, so the field's name is the label alone. */}
      <div className="text-input__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {required ? (
          <span className="text-input__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <input
        {...rest}
        id={id}
        className={className ? `input ${className}` : 'input'}
        value={shown}
        maxLength={limit}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(limitInput(event.target.value, limit))}
      />
      {showCount ? (
        <span className="text-input__count" aria-hidden="true">
          {Array.from(shown).length}/{limit}
        </span>
      ) : null}
      <FormError message={error} id={errorId} />
    </div>
  );
}

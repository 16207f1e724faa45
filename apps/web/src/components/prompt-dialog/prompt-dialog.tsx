import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useKeyDown, useHistoryLayer } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import { TextInput } from '../text-input';
import './prompt-dialog.css';

/** A message to show, or true when the value is fine. */
export type PromptValidator = (value: string) => string | true;

export interface PromptDialogProps {
  readonly visible: boolean;
  readonly title: string;
  /** The input's label; the title when not given. */
  readonly label?: string;
  readonly defaultValue?: string;
  readonly placeholder?: string;
  readonly maxLength?: number;
  readonly required?: boolean;
  /** Checked first; a mismatch shows "the input data is not valid". */
  readonly pattern?: RegExp;
  readonly validator?: PromptValidator;
  readonly onConfirm: (value: string) => void;
  readonly onCancel: () => void;
}

/** Returns the message to show, or undefined when the value passes (docs/product/client.md, Dialogs, toasts and texts). */
export function validatePrompt(
  value: string,
  rules: { readonly pattern?: RegExp | undefined; readonly validator?: PromptValidator | undefined },
  invalidText: string,
): string | undefined {
  if (rules.pattern) {
    // A global or sticky pattern remembers where it stopped; every check starts afresh.
    rules.pattern.lastIndex = 0;
    if (!rules.pattern.test(value)) return invalidText;
  }
  const result = rules.validator?.(value) ?? true;
  if (result === true) return undefined;
  return result || invalidText;
}

export function PromptDialog(props: PromptDialogProps) {
  if (!props.visible) return null;
  return createPortal(<PromptBody {...props} />, document.body);
}

function PromptBody({
  title,
  label,
  defaultValue = '',
  placeholder,
  maxLength,
  required,
  pattern,
  validator,
  onConfirm,
  onCancel,
}: PromptDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  useHistoryLayer(onCancel);
  useKeyDown((event) => {
    if (event.key === 'Escape') onCancel();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePrompt(value, { pattern, validator }, t('invalidInput'));
    setError(message);
    if (message === undefined) onConfirm(value);
  };

  return (
    <div className="prompt-dialog">
      <div className="prompt-dialog__mask" aria-hidden="true" />
      <div className="prompt-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="prompt-dialog__title">
          {title}
        </h2>
        <form ref={form} onSubmit={submit} noValidate>
          <TextInput
            label={label ?? title}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            placeholder={placeholder}
            maxLength={maxLength}
            required={required}
            error={error}
          />
          <div className="prompt-dialog__actions">
            <button type="button" className="prompt-dialog__button" onClick={onCancel}>
              {t('cancel')}
            </button>
            <button type="submit" className="prompt-dialog__button prompt-dialog__button--confirm">
              {t('ok')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

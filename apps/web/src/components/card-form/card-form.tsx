import type { FormHTMLAttributes, ReactNode } from 'react';

export interface CardFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'className' | 'noValidate' | 'onSubmit'
> {
  /** Runs instead of the browser's submit, which would leave the page. */
  readonly onSubmit: () => void;
  readonly children: ReactNode;
}

/** A form on a card: the app checks its fields and says what is wrong, not the browser. */
export function CardForm({ onSubmit, children, ...rest }: CardFormProps) {
  return (
    <form
      {...rest}
      className="card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

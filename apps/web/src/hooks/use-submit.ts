import { useCallback, useRef, useState } from 'react';
import { useErrorText } from './use-error-text';

export interface SubmitOptions {
  /**
   * Stay busy after a success: the form is on its way out (it navigates back, closes, or is
   * replaced by what it sent) and must not be sent twice meanwhile.
   */
  readonly staysBusyOnSuccess?: boolean;
}

export interface Submit {
  /** An action is running; the form's button is disabled. */
  readonly isBusy: boolean;
  /** The text of the last failure, or the form's own message; undefined when there is none. */
  readonly error: string | undefined;
  /**
   * Runs `action` unless one runs already (a second tap is ignored): clears the error, and is busy
   * until it settles. A failure's text (the server's message, else the fallback in the user's
   * language) becomes `error`, and `onFailure` hears the cause. Resolves to whether it succeeded.
   */
  readonly run: (action: () => Promise<unknown>, onFailure?: (cause: unknown) => void) => Promise<boolean>;
  /** Shows the form's own message, or clears it with undefined. */
  readonly setError: (message: string | undefined) => void;
  /** Shows the text of a failure that happened outside `run` (a captcha that did not load). */
  readonly showError: (cause: unknown) => void;
}

/** The busy flag, the error and its text that every form that sends something needs. */
export function useSubmit({ staysBusyOnSuccess = false }: SubmitOptions = {}): Submit {
  const errorText = useErrorText();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // The state lags a render behind: a double tap in one frame must still run once.
  const running = useRef(false);

  const showError = useCallback((cause: unknown) => setError(errorText(cause)), [errorText]);

  const run = useCallback(
    async (action: () => Promise<unknown>, onFailure?: (cause: unknown) => void) => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setError(undefined);
      try {
        await action();
      } catch (cause) {
        running.current = false;
        setBusy(false);
        showError(cause);
        onFailure?.(cause);
        return false;
      }
      if (!staysBusyOnSuccess) {
        running.current = false;
        setBusy(false);
      }
      return true;
    },
    [showError, staysBusyOnSuccess],
  );

  return { isBusy, error, run, setError, showError };
}

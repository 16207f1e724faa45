import { useCallback } from 'react';
import { describeError } from '../lib/http';
import { useI18n } from '../lib/i18n';

/** The text to show for a failed call, in the current language: the server's message or a fallback. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useI18n();
  return useCallback(
    (error: unknown) => describeError(error, { request: t('requestError'), network: t('networkError') }),
    [t],
  );
}

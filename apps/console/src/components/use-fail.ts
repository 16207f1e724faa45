import { CODES } from '@stride/contract/codes';
import { App } from 'antd';
import { useCallback } from 'react';
import { useI18n } from '../lib/i18n-context';
import { ConsoleError } from '../lib/request';

/**
 * Shows why a call failed: the server's message, or a network error. A lost session shows nothing
 * here, because the session handler already returns to the login screen with its own notice.
 */
export function useFail(): (error: unknown) => void {
  const { message } = App.useApp();
  const { t } = useI18n();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ConsoleError) {
        if (error.code === CODES.CONSOLE_SESSION_INVALID) return;
        void message.error(error.message || t('networkError'));
        return;
      }
      void message.error(t('networkError'));
    },
    [message, t],
  );
}

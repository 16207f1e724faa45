import { Toast } from 'antd-mobile';
import { EditPasswordForm } from '../../features/auth';
import { useI18n } from '../../lib/i18n';
import { reLaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import { LOGIN_ROUTE } from '../routes';

/** SPEC.md §9: toasts last 1500 ms. */
const TOAST_MS = 1500;

export default function EditPasswordPage() {
  const { t } = useI18n();
  return (
    <EditPasswordForm
      onDone={() => {
        // The reset revoked every session, this one included.
        userStore.clear();
        Toast.show({ content: t('reset.done'), duration: TOAST_MS });
        void reLaunch(LOGIN_ROUTE).catch(() => undefined);
      }}
    />
  );
}

import { showToast } from '../../components/toast';
import { EditPasswordForm } from '../../features/auth';
import { useI18n } from '../../lib/i18n';
import { PATHS, relaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';

export default function EditPasswordPage() {
  const { t } = useI18n();
  return (
    <EditPasswordForm
      onDone={() => {
        // The reset revoked every session, this one included.
        userStore.clear();
        void showToast(t('reset.done'));
        relaunch(PATHS.login);
      }}
    />
  );
}

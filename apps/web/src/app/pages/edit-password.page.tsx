import { EditPasswordForm, handOverReset } from '../../features/auth';
import { PATHS, relaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';

export default function EditPasswordPage() {
  return (
    <EditPasswordForm
      onDone={(account) => {
        // The reset revoked every session, this one included. Login says it worked, number filled in.
        userStore.clear();
        handOverReset(account);
        relaunch(PATHS.login);
      }}
    />
  );
}

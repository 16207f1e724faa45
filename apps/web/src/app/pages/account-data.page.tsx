import { RemoteView } from '../../components/remote-view';
import { handOverLoginNotice } from '../../features/auth/login-notice';
import { DataExportForm, DeleteAccountForm, loadDeletionCheck } from '../../features/privacy';
import { PATHS, go, relaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';

const loadCheck = (signal: AbortSignal) => loadDeletionCheck({ hideErrors: true, signal });

/** docs/product/client.md, Pages: your data (export) and deleting the account, opened from My. */
export default function AccountDataPage() {
  return (
    <>
      <DataExportForm />
      <RemoteView load={loadCheck}>
        {(check) => (
          <DeleteAccountForm
            check={check}
            onWithdraw={() => go(PATHS.withdrawal)}
            onDeleted={() => {
              // The server ended every session: nothing of the account stays on this device. The
              // login page says once that the account is gone (docs/product/client.md, Login).
              handOverLoginNotice({ kind: 'accountDeleted' });
              userStore.clear();
              relaunch(PATHS.login);
            }}
          />
        )}
      </RemoteView>
    </>
  );
}

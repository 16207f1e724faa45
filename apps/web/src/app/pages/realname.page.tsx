import { getIdentity, getUserInfo } from '@stride/contract';
import { call } from '../../lib/http';
import type { Identity } from '@stride/contract';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { IdentityStatus, RealnameForm, StatusRow } from '../../features/identity';
import { ConsentCard, getConsents } from '../../features/policies';
import { useI18n } from '../../lib/i18n';
import { PATHS, returnTo } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import '../../features/identity/identity.css';

const load = (signal: AbortSignal) => call(getIdentity, {}, { hideErrors: true, signal });
const loadConsents = (signal: AbortSignal) => getConsents({ hideErrors: true, signal });

/** The route guard and the 1002 dialog read the stored user's status: keep it in step. */
function refreshUser(): void {
  call(getUserInfo, {}, { hideErrors: true }).then(
    (user) => userStore.setUserInfo(user),
    () => undefined,
  );
}

export default function RealnamePage() {
  const { t } = useI18n();
  const { state, retry, reload } = useRemote(load, { reloadOnShow: true });
  // The ID photos need their own consent first (decision 046 "Policies and consent").
  const consents = useRemote(loadConsents);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const identity = state.data;
  const needsForm = identity.status === 'none' || identity.status === 'rejected';
  if (needsForm && consents.state.status === 'loading') return <StatusTip status="loading" />;
  if (needsForm && consents.state.status === 'error') {
    return <StatusTip status="error" message={consents.state.message} onRetry={consents.retry} />;
  }
  const hasPhotoConsent = consents.state.status === 'ready' && consents.state.data.idPhotos;
  const onSubmitted = (_submitted: Identity) => {
    refreshUser();
    reload();
  };
  return (
    <>
      <IdentityStatus identity={identity} />
      {needsForm && !hasPhotoConsent ? <ConsentCard kind="id_photos" onGranted={consents.reload} /> : null}
      {needsForm && hasPhotoConsent ? (
        <RealnameForm
          key={`${identity.status}-${identity.submittedAt ?? ''}`}
          status={identity.status === 'rejected' ? 'rejected' : 'none'}
          initialName={identity.name ?? ''}
          onSubmitted={onSubmitted}
        />
      ) : null}
      {identity.status === 'verified' ? (
        <section className="card identity-next">
          <StatusRow
            label={t('face.statusTitle')}
            value={t(`face.status.${identity.faceStatus}`)}
            badge={identity.faceStatus}
          />
          {identity.faceVerified ? null : (
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => returnTo(PATHS.faceRecognition)}
            >
              {t('face.start')}
            </button>
          )}
        </section>
      ) : null}
    </>
  );
}

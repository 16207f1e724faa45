import { getIdentity } from '@stride/contract';
import { call } from '../../lib/http';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { FaceCheck, StatusRow } from '../../features/identity';
import { grantConsent } from '../../features/policies';
import { useI18n } from '../../lib/i18n';
import { PATHS, go, returnTo } from '../../lib/navigation';
import '../../features/identity/identity.css';

const load = (signal: AbortSignal) => call(getIdentity, {}, { hideErrors: true, signal });
/**
 * The face check's "Agree", recorded by the server before the photo may be sent (decision 046 "Policies and consent").
 */
const recordFaceConsent = () => grantConsent('face', { hideErrors: true }).then(() => undefined);

export default function FaceRecognitionPage() {
  const { t } = useI18n();
  const { state, retry, reload } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const identity = state.data;
  const canCheck =
    identity.status === 'verified' && (identity.faceStatus === 'none' || identity.faceStatus === 'rejected');
  return (
    <>
      <section className="card identity-status" aria-label={t('face.statusTitle')}>
        <StatusRow
          label={t('face.statusTitle')}
          value={t(`face.status.${identity.faceStatus}`)}
          badge={identity.faceStatus}
        />
        {identity.faceMethod ? (
          <StatusRow label={t('face.method')} value={t(`face.method.${identity.faceMethod}`)} />
        ) : null}
        {identity.faceStatus === 'pending' ? <p className="hint">{t('face.pendingHint')}</p> : null}
        {identity.faceStatus === 'rejected' && identity.faceRejectReason ? (
          <p className="form-error">{t('identity.rejectReason', { reason: identity.faceRejectReason })}</p>
        ) : null}
        {identity.faceVerified ? (
          <button type="button" className="button button--block" onClick={() => returnTo(PATHS.withdrawal)}>
            {t('face.toWithdraw')}
          </button>
        ) : null}
      </section>
      {identity.status !== 'verified' ? (
        <section className="card">
          <p>{t('face.needsRealName')}</p>
          <button type="button" className="button button--block" onClick={() => go(PATHS.realname)}>
            {t('verifyNow')}
          </button>
        </section>
      ) : null}
      {canCheck ? <FaceCheck onDone={reload} onConsent={recordFaceConsent} /> : null}
    </>
  );
}

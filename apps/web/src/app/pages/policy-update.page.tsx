import { logout } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback, useEffect } from 'react';
import { StatusTip } from '../../components/status-tip';
import { handOverLoginNotice } from '../../features/auth/login-notice';
import { getConsents, PolicyUpdate } from '../../features/policies';
import { useRemote } from '../../hooks';
import { PATHS, continueUrl, reLaunch, relaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import type { PageProps } from '../page-props';

function logOut() {
  // Leave even when the call fails: the user chose not to accept, on this device.
  const leave = () => {
    userStore.clear();
    relaunch(PATHS.login);
  };
  // Calls still under way answer 1001 now: no "session ended" on the login page for that.
  handOverLoginNotice({ kind: 'signedOut' });
  void call(logout, { body: {} }, { hideErrors: true }).then(leave, leave);
}

/**
 * The "updated policy" screen (decision 046 "Policies and consent"): the route guard opens it, alone on the stack, when
 * a policy changed since the user accepted it; accepting goes on to the page that was asked for.
 */
export default function PolicyUpdatePage({ query }: PageProps) {
  const load = useCallback((signal: AbortSignal) => getConsents({ hideErrors: true, signal }), []);
  const { state, retry } = useRemote(load, { refreshOnShow: false });
  const next = continueUrl(query.redirect);
  const goOn = useCallback(() => {
    reLaunch(next).catch(() => reLaunch('/'));
  }, [next]);
  const isSettled = state.status === 'ready' && !state.data.needsAcceptance;
  // Nothing to accept (accepted meanwhile, on another device): straight on.
  useEffect(() => {
    if (isSettled) goOn();
  }, [isSettled, goOn]);
  if (state.status === 'loading' || isSettled) return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  return <PolicyUpdate status={state.data} onAccepted={goOn} onLogOut={logOut} />;
}

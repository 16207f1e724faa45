import { getInvite } from '@stride/contract';
import { call } from '../../lib/http';
import { useEffect, useRef, useState } from 'react';
import { celebrate, takeNewInviteReward } from '../../components/celebration';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { InviteView } from '../../features/invites';
import { useRemote } from '../../hooks';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useUser } from '../../lib/storage';
import { copyWithToast } from '../feedback';
import '../../features/invites/invite.css';

const load = (signal: AbortSignal) => call(getInvite, {}, { hideErrors: true, signal });
const copy = (text: string) => void copyWithToast(text);

/** Invite tab (GET /api/invite): code, link and QR code to share, invitees and rewards. */
export default function InvitePage() {
  const { t } = useI18n();
  const { state, retry } = useRemote(load, { refreshOnShow: true });
  const userId = useUser().userInfo?.id;
  const viewRef = useRef<HTMLDivElement>(null);
  const [newReward, setNewReward] = useState(0);
  const rewardPoints = state.status === 'ready' ? state.data.rewardPoints : undefined;
  // A reward earned since the user last looked is marked once.
  useEffect(() => {
    if (rewardPoints === undefined || !userId) return;
    const fresh = takeNewInviteReward(window.localStorage, userId, rewardPoints);
    if (fresh <= 0) return;
    // On the next frame, once the figures are drawn.
    requestAnimationFrame(() => {
      setNewReward(fresh);
      void celebrate(viewRef.current?.querySelector('[data-testid="invite-reward-points"]') ?? viewRef.current ?? null);
    });
  }, [rewardPoints, userId]);
  return (
    <PullToRefresh onRefresh={retry}>
      {state.status === 'loading' ? <StatusTip status="loading" /> : null}
      {state.status === 'error' ? <StatusTip status="error" message={state.message} onRetry={retry} /> : null}
      {newReward > 0 ? (
        <p className="celebration-note" role="status">
          {t('celebrate.invite', { points: formatNumber(newReward) })}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <div ref={viewRef}>
          <InviteView invite={state.data} onCopy={copy} />
        </div>
      ) : null}
    </PullToRefresh>
  );
}

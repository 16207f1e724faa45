import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { InviteView, getInvite } from '../../features/invites';
import { useRemote } from '../../hooks';
import { copyWithToast } from '../feedback';
import '../../features/invites/invite.css';

const load = (signal: AbortSignal) => getInvite({ hideErrors: true, signal });
const copy = (text: string) => void copyWithToast(text);

/** Invite tab (GET /api/invite): code, link and QR code to share, invitees and rewards. */
export default function InvitePage() {
  const { state, retry } = useRemote(load, { refreshOnShow: true });
  return (
    <PullToRefresh onRefresh={retry}>
      {state.status === 'loading' ? <StatusTip status="loading" /> : null}
      {state.status === 'error' ? <StatusTip status="error" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? <InviteView invite={state.data} onCopy={copy} /> : null}
    </PullToRefresh>
  );
}

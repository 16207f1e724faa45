import { getInvite } from '../../features/invite';
import { formatDate, formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => getInvite({ hideErrors: true, signal });

export default function InvitePage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(invite) => (
        <>
          <SimpleList
            rows={[
              { key: 'code', primary: t('my.inviteCode'), secondary: invite.code },
              { key: 'link', primary: invite.link },
              { key: 'points', primary: t('home.points'), secondary: formatNumber(invite.rewardPoints) },
            ]}
          />
          <SimpleList
            rows={invite.invitees.map((invitee) => ({
              key: `${invitee.account}-${invitee.joinedAt}`,
              primary: invitee.account,
              secondary: formatDate(invitee.joinedAt),
            }))}
          />
        </>
      )}
    </RemoteView>
  );
}

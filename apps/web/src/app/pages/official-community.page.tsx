import { listCommunityChannels } from '@stride/contract';
import { call } from '../../lib/http';
import { StatusTip } from '../../components/status-tip';
import { CommunityChannels } from '../../features/community';
import { useI18n } from '../../lib/i18n';
import { RemoteView } from '../../components/remote-view';
import '../../features/community/community.css';

const load = (signal: AbortSignal) => call(listCommunityChannels, {}, { hideErrors: true, signal });

/** Open without login (docs/product/client.md, Pages): the configured community channels (GET /api/community). */
export default function OfficialCommunityPage() {
  const { t } = useI18n();
  return (
    <>
      <p className="hint community-intro">{t('community.intro')}</p>
      <RemoteView load={load}>
        {(channels) =>
          channels.length > 0 ? (
            <CommunityChannels channels={channels} />
          ) : (
            // A server with no channels configured (production starts with none) says so plainly.
            <StatusTip status="empty" message={t('community.none')} />
          )
        }
      </RemoteView>
    </>
  );
}

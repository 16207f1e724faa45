import { listCommunityChannels } from '../../features/community';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listCommunityChannels({ hideErrors: true, signal });

export default function OfficialCommunityPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.map((channel) => ({ key: channel.id, primary: channel.name, secondary: channel.description }))}
        />
      )}
    </RemoteView>
  );
}

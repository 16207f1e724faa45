import { listAddresses } from '../../features/address';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listAddresses({ hideErrors: true, signal });

export default function AddressPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.map((address) => ({
            key: address.id,
            primary: `${address.name} ${address.phone}`,
            secondary: `${address.region} ${address.detail}`,
          }))}
        />
      )}
    </RemoteView>
  );
}

import { listAddresses } from '../../features/address';
import { useI18n } from '../../lib/i18n';
import type { PageProps } from '../page-props';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listAddresses({ hideErrors: true, signal });

/** Page input `id`: the address being edited. */
export default function AddressEditPage({ query }: PageProps) {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(addresses) => {
        const address = addresses.find((item) => item.id === query.id);
        if (!address) return null;
        return (
          <SimpleList
            rows={[
              { key: 'name', primary: address.name, secondary: address.phone },
              { key: 'place', primary: address.region, secondary: address.detail },
              ...(address.isDefault ? [{ key: 'default', primary: t('page.default') }] : []),
            ]}
          />
        );
      }}
    </RemoteView>
  );
}

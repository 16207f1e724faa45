import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { AddressForm, useAddresses } from '../../features/addresses';
import { useI18n } from '../../lib/i18n';
import { goBack } from '../../lib/navigation';
import type { PageProps } from '../page-props';
import '../../features/addresses/address.css';

/** Page input `id`: the address being edited; without it, a new address (POST /api/delivery_info). */
export default function AddressEditPage({ query }: PageProps) {
  const { t } = useI18n();
  const { state, retry } = useAddresses();
  const id = query.id;
  const onSaved = () => {
    void showToast(t('address.saved'));
    goBack();
  };
  if (!id) return <AddressForm onSaved={onSaved} />;
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const address = state.data.find((item) => item.id === id);
  if (!address) return <StatusTip status="empty" message={t('address.notFound')} />;
  return <AddressForm key={address.id} address={address} onSaved={onSaved} />;
}

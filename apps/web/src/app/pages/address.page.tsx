import { deleteAddress, getRules } from '@stride/contract';
import { call } from '../../lib/http';
import type { Address } from '@stride/contract';
import { StatusTip } from '../../components/status-tip';
import { SwipeAction } from '../../components/swipe-action';
import { showToast } from '../../components/toast';
import { canAddAddress, useAddresses } from '../../features/addresses';
import { useRemote } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/addresses/address.css';

const loadRules = (signal: AbortSignal) => call(getRules, {}, { hideErrors: true, signal });

function AddressRow({ address, onDelete }: { address: Address; onDelete: (address: Address) => void }) {
  const { t } = useI18n();
  return (
    <SwipeAction
      actions={[{ key: 'delete', text: t('address.delete'), tone: 'danger' }]}
      onAction={() => onDelete(address)}
    >
      <button
        type="button"
        className="list__row address-item"
        // Named by what it shows (a name must contain the visible text); what a tap does is its description.
        aria-describedby={`address-edit-${address.id}`}
        onClick={() => go(PATHS.addressEdit, { id: address.id })}
      >
        <span className="address-item__text">
          <span className="address-item__who">
            {address.name} {address.phone}
          </span>
          <span className="address-item__where">
            {address.region} {address.detail}
          </span>
        </span>
        {address.isDefault ? <span className="badge">{t('page.default')}</span> : null}
        <span id={`address-edit-${address.id}`} hidden>
          {t('address.editNamed', { name: address.name, region: address.region })}
        </span>
      </button>
    </SwipeAction>
  );
}

/** Delivery addresses (GET, DELETE /api/delivery_info): swipe a row left to delete it, tap to edit. */
export default function AddressPage() {
  const { t } = useI18n();
  const { state, retry, reload, update } = useAddresses();
  const rules = useRemote(loadRules);

  const confirmDelete = async (address: Address) => {
    const { confirmDanger } = await import('../dialogs');
    const isSure = await confirmDanger(
      t('address.deleteConfirm', { name: address.name, region: address.region }),
      t('address.delete'),
    );
    if (!isSure) return;
    try {
      await call(deleteAddress, { params: { id: address.id } });
      // The server may promote another default, so the list is read again as well.
      update((addresses) => addresses.filter((item) => item.id !== address.id));
      reload();
      void showToast(t('address.deleted'));
    } catch {
      // The request layer shows the server's message.
    }
  };

  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  if (rules.state.status === 'error') {
    return <StatusTip status="error" message={rules.state.message} onRetry={rules.retry} />;
  }
  if (state.status === 'loading' || rules.state.status === 'loading') return <StatusTip status="loading" />;
  const addresses = state.data;
  const max = rules.state.data.addressesMax;
  const canAdd = canAddAddress(addresses.length, max);
  return (
    <>
      {addresses.length === 0 ? (
        <StatusTip status="empty" message={t('address.none')} />
      ) : (
        <>
          <p className="hint address-hint">{t('address.swipeHint')}</p>
          <ul className="list address-list" aria-label={t('title.address')}>
            {addresses.map((address) => (
              <li key={address.id}>
                <AddressRow address={address} onDelete={(item) => void confirmDelete(item)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="address-actions">
        {canAdd ? null : <p className="hint">{t('address.full', { max })}</p>}
        <button type="button" className="button button--block" disabled={!canAdd} onClick={() => go(PATHS.addressEdit)}>
          {t('address.add')}
        </button>
      </div>
    </>
  );
}

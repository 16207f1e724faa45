import { PullToRefresh } from '../../components/pull-to-refresh';
import { usePagedList } from '../../hooks';
import { loadWithdrawalPage, WithdrawalRecords } from '../../features/payouts';
import '../../features/payouts/payouts.css';

const keyOf = (withdrawal: { readonly id: string }) => withdrawal.id;

export default function WithdrawalDetailPage() {
  // Back on top of the stack (after a new withdrawal): statuses may have moved on.
  const list = usePagedList(loadWithdrawalPage, { reloadOnShow: true, keyOf });
  return (
    <PullToRefresh>
      <WithdrawalRecords list={list} />
    </PullToRefresh>
  );
}

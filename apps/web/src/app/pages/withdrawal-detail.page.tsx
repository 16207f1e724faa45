import { useEffect, useRef } from 'react';
import { usePageActive } from '../../hooks';
import { useWithdrawalPages, WithdrawalRecords } from '../../features/payouts';
import '../../features/payouts/payouts.css';

export default function WithdrawalDetailPage() {
  const list = useWithdrawalPages();
  const isActive = usePageActive();
  const wasActive = useRef(isActive);
  const { reload } = list;
  // Back on top of the stack (after a new withdrawal): statuses may have moved on.
  useEffect(() => {
    if (isActive && !wasActive.current) reload();
    wasActive.current = isActive;
  }, [isActive, reload]);
  return <WithdrawalRecords list={list} />;
}

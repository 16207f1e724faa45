import { listWithdrawals } from './api/list-withdrawals';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** One page of withdrawal records, for `usePagedList`. */
export function loadWithdrawalPage(page: number, signal: AbortSignal) {
  return listWithdrawals({ page, pageSize: WITHDRAWALS_PAGE_SIZE }, { hideErrors: true, signal });
}

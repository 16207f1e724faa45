import { listWithdrawals } from '@stride/contract';
import { call } from '../../lib/http';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** One page of withdrawal records, for `usePagedList`. */
export function loadWithdrawalPage(page: number, signal: AbortSignal) {
  return call(listWithdrawals, { query: { page, pageSize: WITHDRAWALS_PAGE_SIZE } }, { hideErrors: true, signal });
}

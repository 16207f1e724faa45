import { render, screen } from '@testing-library/react';
import type { Withdrawal } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import type { PagedList } from '../../../hooks';
import { testWithdrawal } from '../../../test/payout-fixtures';
import { WithdrawalRecords } from './withdrawal-records';

const BASE = testWithdrawal();

function listOf(items: Withdrawal[]): PagedList<Withdrawal> {
  return {
    status: 'ready',
    items,
    hasMore: false,
    isLoadingMore: false,
    error: undefined,
    loadMore: () => undefined,
    reload: () => undefined,
    update: () => undefined,
  };
}

describe('withdrawal records (docs/product/client.md, Withdrawal records)', () => {
  it('says a rejected withdrawal refunded the whole amount, fee included, and never that it was received', () => {
    const rejected: Withdrawal = {
      ...BASE,
      status: 'rejected',
      rejectReason: 'Account closed',
      refunded: 5_000,
      timeline: [
        { status: 'requested', at: '2026-01-02T00:00:00Z' },
        { status: 'rejected', at: '2026-01-02T01:00:00Z' },
        { status: 'refunded', at: '2026-01-02T01:00:00Z' },
      ],
    };
    const { container } = render(<WithdrawalRecords list={listOf([rejected])} />);
    expect(screen.getByText('Refunded ¥50.00 to your balance, fee included')).toBeTruthy();
    expect(screen.getByText('Refunded ¥50.00 to balance')).toBeTruthy();
    expect(container.textContent).not.toContain('¥49.00');
    expect(container.textContent).not.toMatch(/received/i);
  });

  it('shows a paid withdrawal’s bank reference and what reached the bank', () => {
    const paid: Withdrawal = {
      ...BASE,
      status: 'paid',
      bankReference: 'BANK-REF-77',
      timeline: [
        { status: 'requested', at: '2026-01-02T00:00:00Z' },
        { status: 'paid', at: '2026-01-03T00:00:00Z' },
      ],
    };
    render(<WithdrawalRecords list={listOf([paid])} />);
    expect(screen.getByText('Bank reference: BANK-REF-77')).toBeTruthy();
    expect(screen.getByText('Fee ¥1.00 · received ¥49.00')).toBeTruthy();
  });

  it('says what a pending one will bring, without a reference', () => {
    const { container } = render(<WithdrawalRecords list={listOf([BASE])} />);
    expect(screen.getByText('Fee ¥1.00 · you will receive ¥49.00')).toBeTruthy();
    expect(container.textContent).not.toContain('Bank reference');
  });
});

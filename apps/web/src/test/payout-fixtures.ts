import type { BankCard, Withdrawal, WithdrawalRules } from '@stride/contract';

/** Withdrawal rules as the demo sets them: ¥10.00 at least, ¥5,000.00 a day, a 1% fee of at least ¥1.00. */
export function testWithdrawalRules(changes: Partial<WithdrawalRules> = {}): WithdrawalRules {
  return {
    min: 1_000,
    dailyMax: 500_000,
    feePermille: 10,
    feeMin: 100,
    todayLeft: 500_000,
    faceVerified: true,
    arrivalBusinessDays: 2,
    ...changes,
  };
}

export const TEST_CARD: BankCard = {
  id: 'card-1',
  bank: 'ICBC',
  holderName: 'Demo Walker',
  accountMasked: '****5679',
  createdAt: '2026-01-01T00:00:00Z',
};

/** A withdrawal just requested, to TEST_CARD; a test sets its amounts and what happened to it. */
export function testWithdrawal(changes: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'w-1',
    amount: 5_000,
    fee: 100,
    received: 4_900,
    status: 'pending',
    bankCard: TEST_CARD,
    rejectReason: null,
    refunded: null,
    bankReference: null,
    timeline: [{ status: 'requested', at: '2026-01-02T00:00:00Z' }],
    createdAt: '2026-01-02T00:00:00Z',
    ...changes,
  };
}

import { isoTime } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { listCommand, oneOf, requireId, requireOperator, requireReason, requireYes, type Command } from '../command.js';

const HELD_STATUSES = ['waiting', 'refunded'] as const;

/** Money of second payments held for a refund. */
export const PAYMENT_COMMANDS: Command[] = [
  listCommand({
    name: 'payments held',
    usage: [
      '  payments held [--status waiting|refunded]              money of second payments of an already paid',
      '                                                          order, held for a refund (default: waiting)',
    ],
    rows: (deps, values) => {
      const status = oneOf(values.status, HELD_STATUSES, 'waiting');
      return deps.services.admin.payments.listHeld({ refunded: status === 'refunded' });
    },
    columns: (row) => ({
      paymentId: row.id,
      userId: row.user_id,
      orderId: row.order_id,
      amount: formatMoney(row.held),
      provider: row.provider,
      paidAt: row.completed_at === null ? '' : isoTime(row.completed_at),
      ...(row.provider_refund_status === null ? {} : { providerRefund: row.provider_refund_status }),
      ...(row.provider_refunded_at === null ? {} : { refundedAt: isoTime(row.provider_refunded_at), by: 'provider' }),
      ...(row.refunded_at === null ? {} : { refundedAt: isoTime(row.refunded_at), by: row.refunded_by }),
    }),
  }),
  {
    name: 'payments refund',
    usage: [
      "  payments refund <paymentId> --operator NAME --yes       refunds held money to its payer's balance, once",
      '                                                          (when its provider refund failed for good)',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'paymentId');
      const operator = requireOperator(values);
      requireYes(values, `refund the money held for payment ${id}`);
      const refund = await deps.services.admin.payments.refundHeld(operator, id);
      deps.out(
        `payment ${id}: ${formatMoney(refund.amount)} refunded to the balance of ${refund.userId} by ${operator}`,
      );
    },
  },
  {
    name: 'payments cancel-order',
    usage: [
      '  payments cancel-order <orderId> --reason TEXT --operator NAME --yes',
      '                                                          cancels a paid membership order with a full',
      '                                                          refund (balance or provider), once; the card ends',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'orderId');
      const reason = requireReason(values);
      const operator = requireOperator(values);
      requireYes(values, `cancel membership order ${id} and refund it in full`);
      const done = await deps.services.admin.payments.cancelPaidOrder(operator, id, reason);
      const where =
        done.to === 'balance'
          ? `the balance of ${done.userId}`
          : `the provider (refund ${done.refundId ?? ''}: ${done.refund})`;
      deps.out(`order ${id}: cancelled by ${operator}; ${formatMoney(done.amount)} refunded to ${where}`);
    },
  },
  {
    name: 'payments sweep',
    usage: [
      '  payments sweep                                          one pass of the payments sweep: expired payments',
      '                                                          closed (or credited), due refunds sent, orders expired',
    ],
    run: async ({ deps }) => {
      const result = await deps.services.payments.sweep();
      deps.out(
        `payments sweep: ${result.expired} expired, ${result.credited} credited, ${result.refunded} refunded, ${result.ordersExpired} orders expired`,
      );
    },
  },
];

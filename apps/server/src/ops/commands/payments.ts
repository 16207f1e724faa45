import { isoTime } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { oneOf, print, requireId, requireOperator, requireYes, type Command } from '../command.js';

const HELD_STATUSES = ['waiting', 'refunded'] as const;

/** Money of second payments held for a refund. */
export const PAYMENT_COMMANDS: Command[] = [
  {
    name: 'payments held',
    usage: [
      '  payments held [--status waiting|refunded]              money of second payments of an already paid',
      '                                                          order, held for a refund (default: waiting)',
    ],
    run: async ({ deps, values }) => {
      const status = oneOf(values.status, HELD_STATUSES, 'waiting');
      const rows = await deps.services.admin.payments.listHeld({ refunded: status === 'refunded' });
      print(
        deps,
        values,
        rows.map((row) => ({
          paymentId: row.id,
          userId: row.user_id,
          orderId: row.order_id,
          amount: formatMoney(row.held),
          provider: row.provider,
          paidAt: row.completed_at === null ? '' : isoTime(row.completed_at),
          ...(row.refunded_at === null ? {} : { refundedAt: isoTime(row.refunded_at), by: row.refunded_by }),
        })),
      );
    },
  },
  {
    name: 'payments refund',
    usage: [
      "  payments refund <paymentId> --operator NAME --yes       refunds held money to its payer's balance, once",
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
];

import { isoTime } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import {
  listCommand,
  oneOf,
  print,
  requireId,
  requireOperator,
  requireReason,
  requireReference,
  requireYes,
  type Command,
} from '../command.js';

const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;

/** Paying and rejecting withdrawals. */
export const WITHDRAWAL_COMMANDS: Command[] = [
  listCommand({
    name: 'withdrawals list',
    usage: ['  withdrawals list [--status pending|paid|rejected]      (default: pending)'],
    rows: async (deps, values) => {
      const status = oneOf(values.status, WITHDRAWAL_STATUSES, 'pending');
      return (await deps.services.admin.payouts.listForOperators(status)).rows;
    },
    columns: (row) => ({
      id: row.id,
      userId: row.user_id,
      amount: formatMoney(row.amount),
      fee: formatMoney(row.fee),
      received: formatMoney(row.received),
      status: row.status,
      bank: row.card_bank,
      holder: row.card_holder_name,
      account: row.card_account_masked,
      createdAt: isoTime(row.created_at),
    }),
  }),
  {
    name: 'withdrawals show',
    usage: ['  withdrawals show <withdrawalId> --operator NAME         full account number to pay to (recorded)'],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      const { row, account } = await deps.services.admin.payouts.revealAccount(operator, id);
      print(deps, values, [
        {
          id: row.id,
          status: row.status,
          pay: formatMoney(row.received),
          bank: row.card_bank,
          holder: row.card_holder_name,
          account,
        },
      ]);
    },
  },
  {
    name: 'withdrawals pay',
    usage: [
      '  withdrawals pay <withdrawalId> --reference TEXT --operator NAME --yes',
      "                                                          mark paid once the bank transfer is made (the bank's reference);",
      '                                                          one above WITHDRAWAL_SECOND_APPROVAL_ABOVE is paid in the console',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      const reference = requireReference(values);
      requireYes(values, `mark withdrawal ${id} paid`);
      const withdrawal = await deps.services.admin.payouts.markPaid(operator, id, reference, 'cli');
      deps.out(`withdrawal ${id}: paid ${formatMoney(withdrawal.received)} by ${operator}`);
    },
  },
  {
    name: 'withdrawals reject',
    usage: [
      '  withdrawals reject <withdrawalId> --reason TEXT --operator NAME --yes',
      '                                                          refunds the whole amount to the user, once',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      const reason = requireReason(values);
      requireYes(values, `reject withdrawal ${id}`);
      const withdrawal = await deps.services.admin.payouts.reject(operator, id, reason);
      deps.out(`withdrawal ${id}: rejected by ${operator}, ${formatMoney(withdrawal.amount)} refunded`);
    },
  },
];

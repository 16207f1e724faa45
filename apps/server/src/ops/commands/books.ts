import { formatMoney } from '../../lib/money.js';
import { OperatorError } from '../../http/operator-error.js';
import type { Command } from '../command.js';

/** The ledger's invariants and what the service holds for users. */
export const BOOK_COMMANDS: Command[] = [
  {
    name: 'books check',
    usage: [
      '  books check                                             ledger invariants and liabilities: what users',
      '                                                          hold (cash, points) and every system account;',
      '                                                          exit 1 when an invariant fails',
    ],
    run: async ({ deps, values }) => {
      const { ledger } = deps.services;
      const [report, liabilities] = await Promise.all([ledger.checkInvariants(), ledger.liabilities()]);
      const failures = (Object.entries(report) as [string, string[]][]).filter(([, items]) => items.length > 0);
      const amount = (asset: string, value: number) => (asset === 'CNY' ? formatMoney(value) : String(value));
      if (values.json) {
        deps.out(JSON.stringify({ invariants: report, ok: failures.length === 0, liabilities }, null, 2));
      } else {
        deps.out(`ledger invariants: ${failures.length === 0 ? 'ok' : 'FAILED'}`);
        for (const [name, items] of failures) deps.out(`  ${name}: ${items.join(', ')}`);
        deps.out(`users' cash (CNY): ${formatMoney(liabilities.users.CNY)}`);
        deps.out(`users' points: ${liabilities.users.POINTS}`);
        deps.out('system accounts:');
        for (const account of liabilities.system)
          deps.out(`  ${account.code}  ${amount(account.asset, account.balance)}`);
      }
      if (failures.length > 0) throw new OperatorError('The ledger invariants do not hold; see above.');
    },
  },
];

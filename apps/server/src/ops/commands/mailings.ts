import { isoTime } from '../../lib/clock.js';
import {
  oneOf,
  print,
  requireId,
  requireOperator,
  requireYes,
  shipCommand,
  shipmentColumns,
  type Command,
} from '../command.js';

const MAILING_STATUSES = ['requested', 'shipped', 'delivered'] as const;

/** Posting physical member cards. */
export const MAILING_COMMANDS: Command[] = [
  {
    name: 'mailings list',
    usage: ['  mailings list [--status requested|shipped|delivered]   physical card mailings (default: requested)'],
    run: async ({ deps, values }) => {
      const status = oneOf(values.status, MAILING_STATUSES, 'requested');
      const rows = await deps.services.admin.mailings.listForOperators(status);
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          card: row.card_name,
          status: row.status,
          ...shipmentColumns(row),
          createdAt: isoTime(row.created_at),
        })),
      );
    },
  },
  shipCommand('mailings', 'mailingId', (deps, operator, id, shipment) =>
    deps.services.admin.mailings.ship(operator, id, shipment),
  ),
  {
    name: 'mailings deliver',
    usage: ['  mailings deliver <mailingId> --operator NAME --yes'],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'mailingId');
      const operator = requireOperator(values);
      requireYes(values, `mark ${id} delivered`);
      await deps.services.admin.mailings.markDelivered(operator, id);
      deps.out(`${id}: delivered by ${operator}`);
    },
  },
];

import { shippingCommands } from './shipping.js';

/** Posting physical member cards. */
export const MAILING_COMMANDS = shippingCommands({
  area: 'mailings',
  idName: 'mailingId',
  statuses: ['requested', 'shipped', 'delivered'],
  what: 'physical card mailings',
  list: (deps, status) => deps.services.admin.mailings.listForOperators(status),
  columns: (row) => ({ card: row.card_name }),
  steps: (deps) => deps.services.admin.mailings.shipping,
  arrive: { command: 'deliver', note: '' },
});

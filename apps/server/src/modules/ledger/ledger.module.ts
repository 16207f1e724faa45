import { defineModule, type Frame } from '../../lib/module.js';
import type { OperatorsService } from '../operators/operators.service.js';
import { CorrectionsRepository } from './corrections.repository.js';
import { LedgerAdmin } from './ledger.admin.js';
import { registerLedgerConsoleRoutes } from './ledger.console.js';
import { LedgerService } from './ledger.service.js';

/**
 * The ledger: every balance and points movement, and operators' corrections (decisions 005 "A double-entry ledger for
 * money and points", 023 "Money under four eyes").
 */
export const ledgerModule = defineModule({
  name: 'ledger',
  needs: ['operators'],
  build: ({ db, clock }: Frame, { operators }: { operators: OperatorsService }) => {
    const ledger = new LedgerService(db, clock);
    return {
      ledger,
      admin: { ledger: new LedgerAdmin(db, new CorrectionsRepository(), ledger, operators, clock) },
    };
  },
  routes: (endpoints, services) => registerLedgerConsoleRoutes(endpoints, services),
  personalData: ({ ledger }) => [ledger.personalData()],
});

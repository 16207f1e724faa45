import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
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
  needs: ['audit'],
  build: ({ db, clock }: Frame, { audit }: { audit: AuditService }) => {
    const ledger = new LedgerService(db, clock);
    return {
      ledger,
      admin: { ledger: new LedgerAdmin(db, new CorrectionsRepository(), ledger, audit, clock) },
    };
  },
  routes: (endpoints, services) => registerLedgerConsoleRoutes(endpoints, services),
  personalData: ({ ledger }) => [ledger.personalData()],
});

import { defineModule, type Frame } from '../../lib/module.js';
import { AuditRepository } from './audit.repository.js';
import { OperatorOriginsRepository } from './operator-origins.repository.js';
import { AuditService } from './audit.service.js';
import { auditSettings, type AuditSettings } from './audit.settings.js';

/**
 * Operators' actions and their audit log, and the four-eyes rule between operators (decisions 020 "Server layers and
 * operators' slices", 074 "Independent second approvers").
 */
export const auditModule = defineModule({
  name: 'audit',
  settings: auditSettings,
  build: ({ db, clock, config }: Frame<AuditSettings>) => ({
    audit: new AuditService(
      db,
      new AuditRepository(),
      clock,
      new OperatorOriginsRepository(),
      config.fourEyes.independenceDays,
    ),
  }),
});

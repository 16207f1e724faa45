import { defineModule, type Frame } from '../../lib/module.js';
import { OperatorActionsRepository } from './operator-actions.repository.js';
import { OperatorOriginsRepository } from './operator-origins.repository.js';
import { OperatorsService } from './operators.service.js';
import { operatorsSettings, type OperatorsSettings } from './operators.settings.js';

/**
 * Operators' actions and their audit log, and the four-eyes rule between operators (decisions 020 "Server layers and
 * operators' slices", 074 "Independent second approvers").
 */
export const operatorsModule = defineModule({
  name: 'operators',
  settings: operatorsSettings,
  build: ({ db, clock, config }: Frame<OperatorsSettings>) => ({
    operators: new OperatorsService(
      db,
      new OperatorActionsRepository(),
      clock,
      new OperatorOriginsRepository(),
      config.fourEyes.independenceDays,
    ),
  }),
});

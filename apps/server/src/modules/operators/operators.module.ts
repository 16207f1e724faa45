import { defineModule, type Frame } from '../../lib/module.js';
import type { AccountsSettings } from '../accounts/accounts.settings.js';
import { PasswordHasher } from '../accounts/passwords.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { OperatorsRepository } from './operators.repository.js';
import { registerOperatorsConsoleRoutes } from './operators.console.js';
import { OperatorsService } from './operators.service.js';
import { operatorsSettings, type OperatorsSettings } from './operators.settings.js';

/** What the operators module builds on. */
interface OperatorsNeeds {
  limits: RateLimitService;
  audit: AuditService;
}

/**
 * Operator accounts, console sign-in with a second factor, sessions and role grants (decisions 021 "Operator accounts
 * and console sessions", 073 "Operator sign-in", 074 "Independent second approvers").
 */
export const operatorsModule = defineModule({
  name: 'operators',
  settings: operatorsSettings,
  needs: ['limits', 'audit'],
  build: (
    { db, clock, config, cipher }: Frame<OperatorsSettings & AccountsSettings>,
    { limits, audit }: OperatorsNeeds,
  ) => ({
    /** Operator accounts and console sessions (decision 021 "Operator accounts and console sessions"). */
    operators: new OperatorsService(
      db,
      new OperatorsRepository(),
      // The hasher keeps nothing but its timing stand-in's hash, so the accounts module's settings make an equal one.
      new PasswordHasher(config.argon2),
      cipher,
      limits,
      audit,
      clock,
      config,
    ),
  }),
  routes: (endpoints, services, config) =>
    registerOperatorsConsoleRoutes(endpoints, {
      operators: services.operators,
      audit: services.audit,
      config,
    }),
});

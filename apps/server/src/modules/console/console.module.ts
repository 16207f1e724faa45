import { defineModule, type Frame } from '../../lib/module.js';
import type { AccountsSettings } from '../accounts/accounts.settings.js';
import { PasswordHasher } from '../accounts/passwords.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { ConsoleRepository } from './console.repository.js';
import { registerConsoleRoutes } from './console.routes.js';
import { ConsoleService } from './console.service.js';
import { consoleSettings, type ConsoleSettings } from './console.settings.js';

/** What the console module builds on. */
interface ConsoleNeeds {
  limits: RateLimitService;
  operators: OperatorsService;
}

/**
 * Operator accounts, console sign-in with a second factor, sessions and role grants (decisions 021 "Operator accounts
 * and console sessions", 073 "Operator sign-in", 074 "Independent second approvers").
 */
export const consoleModule = defineModule({
  name: 'console',
  settings: consoleSettings,
  needs: ['limits', 'operators'],
  build: (
    { db, clock, config, cipher }: Frame<ConsoleSettings & AccountsSettings>,
    { limits, operators }: ConsoleNeeds,
  ) => ({
    /** Operator accounts and console sessions (decision 021 "Operator accounts and console sessions"). */
    console: new ConsoleService(
      db,
      new ConsoleRepository(),
      // The hasher keeps nothing but its timing stand-in's hash, so the accounts module's settings make an equal one.
      new PasswordHasher(config.argon2),
      cipher,
      limits,
      operators,
      clock,
      config,
    ),
  }),
  routes: (endpoints, services, config) =>
    registerConsoleRoutes(endpoints, {
      console: services.console,
      operators: services.operators,
      config,
    }),
});

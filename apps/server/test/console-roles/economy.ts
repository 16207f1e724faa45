import { consoleEconomy, consoleEconomyDeposit, consoleEconomySimulate } from '@stride/contract';
import { idempotencyKey } from '../harness.js';
import type { RoleCase } from './case.js';

/** The economy page (docs/console/economy.md): finance reads it, simulates other rules and tops up the reserve. */
export const ECONOMY_CASES: readonly RoleCase[] = [
  { endpoint: consoleEconomy, input: () => Promise.resolve({}) },
  { endpoint: consoleEconomySimulate, input: () => Promise.resolve({ query: { stepsPerPoint: 200 } }) },
  {
    endpoint: consoleEconomyDeposit,
    input: () =>
      Promise.resolve({
        body: { amount: 100_000, reference: 'BANK-ROLES', idempotencyKey: idempotencyKey('reserve') },
      }),
  },
];

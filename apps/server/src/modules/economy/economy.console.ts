import { consoleEconomy, consoleEconomyDeposit, consoleEconomySimulate } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { EconomyAdmin } from './economy.admin.js';

/** The economy in the console (docs/console/economy.md): the overview, the simulator, and topping up the reserve. */
export const registerEconomyConsoleRoutes = consoleRoutes('economy', (handle, admin: EconomyAdmin) => {
  handle(consoleEconomy, () => admin.overview());
  handle(consoleEconomySimulate, ({ query }) => admin.simulate(query));
  handle(consoleEconomyDeposit, ({ operator, body }) => admin.deposit(operator?.name ?? 'console', body));
});

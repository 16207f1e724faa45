import { consoleCardPlans, consoleCreateCardPlan, consoleEditCardPlan, consoleRetireCardPlan } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { CardsAdmin } from './cards.admin.js';

/** Card plans in the console (finance; decision 025 "Card plans and the home page in the console"). */
export const registerCardConsoleRoutes = consoleRoutes('cards', (handle, admin: CardsAdmin) => {
  handle(consoleCardPlans, ({ query }) => admin.listPlans(query.status));

  handle(consoleCreateCardPlan, ({ operator, body }) => admin.createPlan(operator.name, body, operator.roles));

  handle(consoleEditCardPlan, ({ operator, params, body }) =>
    admin.editPlan(operator.name, params.id, body.version, body.terms, operator.roles),
  );

  handle(consoleRetireCardPlan, ({ operator, params, body }) =>
    admin.retirePlan(operator.name, params.id, body.version),
  );
});

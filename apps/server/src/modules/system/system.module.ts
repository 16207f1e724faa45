import { defineModule, type Frame } from '../../lib/module.js';
import type { RuleBook } from '../rules/rules.book.js';
import { registerRulesRoutes, type RulesConfig } from './rules.routes.js';

/**
 * The rules the web app reads instead of keeping copies (decision 019 "Shared rules in the contract"). The probes and
 * the API description (system.routes.ts) belong to the HTTP frame, which registers them itself.
 */
export const systemModule = defineModule({
  name: 'system',
  needs: ['ruleBook'],
  build: (_frame: Frame<RulesConfig>, _needs: { ruleBook: RuleBook }) => ({}),
  routes: (endpoints, services, config) => registerRulesRoutes(endpoints, { config, ruleBook: services.ruleBook }),
});

import { consolePublishRules, consoleRuleVersions } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { RulesAdmin } from './rules.admin.js';

/** The earning rules in the console (docs/console/earning-rules.md): the versions, and publishing one. */
export const registerRulesConsoleRoutes = consoleRoutes('rules', (handle, admin: RulesAdmin) => {
  handle(consoleRuleVersions, () => admin.list());
  handle(consolePublishRules, ({ operator, body }) => admin.publish(operator?.name ?? 'console', body));
});

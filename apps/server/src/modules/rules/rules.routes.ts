import { listRuleVersions } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { RuleBook } from './rules.book.js';

/** The earning rules' versions for everyone, signed in or not (docs/product/earning-rules.md). */
export function registerRulesVersionRoutes(
  endpoints: EndpointRegistrar,
  deps: { ruleBook: RuleBook; noticeDays: number },
): void {
  endpoints.handle(listRuleVersions, async () => ({
    today: deps.ruleBook.todayIs(),
    noticeDays: deps.noticeDays,
    versions: (await deps.ruleBook.published()).map(({ row: _row, ...version }) => version),
  }));
}

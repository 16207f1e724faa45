import { consolePolicies, consolePublishPolicy, type ConsolePolicy, type PolicyKind } from '@stride/contract';
import { isoTime } from '../../lib/clock.js';
import { contentLanguages } from '../../lib/content-language.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { PoliciesAdmin } from './policies.admin.js';
import type { PolicyVersionRow } from './policies.repository.js';

function toConsole(row: PolicyVersionRow): ConsolePolicy {
  return {
    id: row.id,
    kind: row.kind as PolicyKind,
    version: Number(row.version),
    ...contentLanguages(row),
    title: row.title,
    body: row.body,
    changes: row.changes,
    publishedAt: isoTime(Number(row.published_at)),
    createdBy: row.created_by,
  };
}

/** Policies in the console (decision 046 "Policies and consent"): every version, and publishing the next one. */
export const registerPolicyConsoleRoutes = consoleRoutes('policies', (handle, admin: PoliciesAdmin) => {
  handle(consolePolicies, async () => (await admin.list()).map(toConsole));

  handle(consolePublishPolicy, async ({ operator, body }) =>
    toConsole(
      await admin.publish(operator?.name ?? 'console', {
        kind: body.kind,
        basedOn: body.basedOn,
        title: body.title,
        body: body.body,
        changes: body.changes,
        languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
      }),
    ),
  );
});

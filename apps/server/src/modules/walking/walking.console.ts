import {
  consoleCreateHomeItem,
  consoleDecideFlaggedDay,
  consoleEditHomeItem,
  consoleFlaggedDays,
  consoleHomeItems,
  consoleRemoveHomeItem,
} from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { WalkingAdmin } from './walking.admin.js';

/** Home's banners and quick entries in the console (editors); flagged days (reviewers). */
export const registerWalkingConsoleRoutes = consoleRoutes('walking', (handle, admin: WalkingAdmin) => {
  handle(consoleHomeItems, () => admin.listHomeItems());

  handle(consoleCreateHomeItem, ({ operator, body }) => {
    const { kind, ...fields } = body;
    return admin.createHomeItem(operator.name, kind, fields);
  });

  handle(consoleEditHomeItem, ({ operator, params, body }) => {
    const { version, ...fields } = body;
    return admin.editHomeItem(operator.name, params.id, version, fields);
  });

  handle(consoleRemoveHomeItem, async ({ operator, params, body }) => {
    await admin.removeHomeItem(operator.name, params.id, body.version);
    return { done: true as const };
  });

  handle(consoleFlaggedDays, ({ query }) =>
    admin.listFlaggedDays(query.status, { page: query.page, pageSize: query.pageSize }),
  );

  handle(consoleDecideFlaggedDay, ({ operator, params, body }) =>
    admin.decideFlaggedDay(operator.name, params.id, body),
  );
});

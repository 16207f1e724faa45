import { consoleClubClose, consoleClubs, consoleClubUnverify, consoleClubVerify } from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { ClubsAdmin } from './clubs.admin.js';

/** Clubs in the console (docs/console/clubs.md): the list, the verified badge, closing with a reason. */
export const registerClubsConsoleRoutes = consoleRoutes('clubs', (handle, admin: ClubsAdmin) => {
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';

  handle(consoleClubs, ({ query: { page, pageSize, ...filter } }) => admin.search(filter, { page, pageSize }));
  handle(consoleClubVerify, ({ operator, params, body }) => admin.verify(name(operator), params.id, body.version));
  handle(consoleClubUnverify, ({ operator, params, body }) => admin.unverify(name(operator), params.id, body.version));
  handle(consoleClubClose, ({ operator, params, body }) =>
    admin.close(name(operator), params.id, body.version, body.reason),
  );
});

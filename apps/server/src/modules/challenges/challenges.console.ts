import {
  consoleChallengeParticipants,
  consoleChallenges,
  consoleCreateChallenge,
  consoleEndChallenge,
  consoleFundChallenge,
} from '@stride/contract';
import { consoleRoutes } from '../../http/console-handler.js';
import type { ChallengesAdmin } from './challenges.admin.js';

/** Challenges in the console (docs/console/challenges.md): the list, making, funding, participants, ending early. */
export const registerChallengesConsoleRoutes = consoleRoutes('challenges', (handle, admin: ChallengesAdmin) => {
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';

  handle(consoleChallenges, ({ query: { page, pageSize, ...filter } }) => admin.search(filter, { page, pageSize }));
  handle(consoleCreateChallenge, ({ operator, body }) => admin.create(name(operator), body));
  handle(consoleFundChallenge, ({ operator, params, body }) =>
    admin.fund(name(operator), params.id, body.fund, body.version),
  );
  handle(consoleChallengeParticipants, ({ params, query }) => admin.participants(params.id, query));
  handle(consoleEndChallenge, ({ operator, params, body }) =>
    admin.end(name(operator), params.id, body.reason, body.version),
  );
});

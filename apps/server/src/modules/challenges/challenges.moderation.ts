import type { Language } from '@stride/contract';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../http/errors.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import { inEveryLanguage, MESSAGES } from '../../locales/index.js';
import type { ChallengeRow, ChallengesRepository } from './challenges.repository.js';

type Titled = Pick<ChallengeRow, 'title' | 'hidden_at'>;

/** A challenge's title as its readers see it: a neutral title in their language once a reviewer hid it. */
export function shownChallengeTitle(row: Titled, language: Language): string {
  return row.hidden_at === null ? row.title : MESSAGES[language].challengeTitleHidden;
}

/** The same for a notification, which reads in its reader's language when it is read. */
export function shownTitle(row: Titled): string | Record<Language, string> {
  return row.hidden_at === null ? row.title : inEveryLanguage('challengeTitleHidden');
}

/**
 * A user's challenge title as content those who see the challenge may report (docs/product/moderation.md): an
 * operator's challenge is the service's own, not a user's, and is not reportable. Its creator is the account a freeze
 * acts on (none once that account is deleted); hiding marks the challenge (`hidden_at`): it is listed to no one, opens
 * for its participants and creator only, under a neutral title, and takes no one new.
 */
export function challengeTitleTarget(
  repository: ChallengesRepository,
  sees: (db: Executor, viewerId: string, id: string) => Promise<boolean>,
): ModerationTarget {
  return {
    kind: 'challenge',
    async visibleTo(db, viewerId, id) {
      const row = await repository.find(db, id);
      if (!row || row.created_by !== null || row.hidden_at !== null) return false;
      return sees(db, viewerId, id);
    },
    async contents(db, ids) {
      const rows = (await repository.findMany(db, ids)).filter((row) => row.created_by === null);
      return new Map(rows.map((row) => [row.id, { ownerId: row.creator_user_id, text: row.title, image: false }]));
    },
    async hide(trx, id, now) {
      const before = await repository.find(trx, id);
      if (!before || !(await repository.hide(trx, id, now))) throw notFound();
      return {
        before: { title: before.title, hidden: before.hidden_at !== null },
        after: { title: before.title, hidden: true },
      };
    },
  };
}

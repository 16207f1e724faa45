import type { Language } from '@stride/contract';
import { notFound } from '../../http/errors.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import { inEveryLanguage, MESSAGES } from '../../locales/index.js';
import type { ClubRow, ClubsRepository } from './clubs.repository.js';

/** A club's name as its readers see it: a neutral name in their language once a reviewer hid it. */
export function shownClubName(row: Pick<ClubRow, 'name' | 'name_hidden_at'>, language: Language): string {
  return row.name_hidden_at === null ? row.name : MESSAGES[language].clubNameHidden;
}

/** The same for a notification, which reads in its reader's language when it is read. */
export function shownClubNames(row: Pick<ClubRow, 'name' | 'name_hidden_at'>): string | Record<Language, string> {
  return row.name_hidden_at === null ? row.name : inEveryLanguage('clubNameHidden');
}

/**
 * A club's name as content its members may report (docs/product/moderation.md): a member sees it, the owner is the
 * account a freeze acts on, and hiding replaces it for every reader.
 */
export function clubNameTarget(repository: ClubsRepository): ModerationTarget {
  return {
    kind: 'club',
    async visibleTo(executor, viewerId, id) {
      const [club, member] = await Promise.all([repository.open(executor, id), repository.row(executor, id, viewerId)]);
      return club !== undefined && member !== undefined && member.removed_at === null;
    },
    async contents(executor, ids) {
      const rows = (await repository.findMany(executor, ids)).filter((row) => row.closed_at === null);
      return new Map(rows.map((row) => [row.id, { ownerId: row.owner_id, text: row.name, image: false }]));
    },
    async hide(trx, id, now) {
      const before = await repository.find(trx, id);
      if (!before || !(await repository.hideName(trx, id, now))) throw notFound();
      return {
        before: { name: before.name, hidden: before.name_hidden_at !== null },
        after: { name: before.name, hidden: true },
      };
    },
  };
}

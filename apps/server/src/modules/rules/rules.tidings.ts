import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import { changesBetween } from './rules.book.js';
import { rulesOf, type RulesRepository } from './rules.repository.js';

/** Users told per transaction. */
const TELL_CHUNK = 1_000;

/**
 * Every user is told of a new version of the earning rules (docs/product/earning-rules.md): in the inbox, and by push
 * within their settings, a chunk of users per transaction, once per user (the dedupe key); the version is marked told
 * when all were, and a pass that stops midway is run again.
 */
export class RulesTidings {
  constructor(
    private readonly db: Db,
    private readonly repository: RulesRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async tell(): Promise<{ told: number }> {
    let told = 0;
    const versions = await this.repository.versions(this.db);
    for (const row of await this.repository.untold(this.db)) {
      const before = versions[versions.findIndex((version) => version.id === row.id) - 1];
      const worse = changesBetween(before ? rulesOf(before) : null, rulesOf(row)).some((change) => change.worse);
      let after = '';
      for (;;) {
        const ids = await this.repository.userIds(this.db, after, TELL_CHUNK);
        if (ids.length === 0) break;
        after = ids.at(-1) ?? after;
        told += await this.db.transaction().execute((trx) =>
          this.notifications.recordMany(
            trx,
            ids.map((userId) => ({
              userId,
              kind: 'rules.changed' as const,
              params: { versionId: row.id, effectiveOn: row.effective_on, worse },
              dedupeKey: `rules.changed:${row.id}`,
              link: { path: NOTIFICATION_PAGES.rules },
            })),
          ),
        );
        this.notifications.nudge();
      }
      await this.repository.markTold(this.db, row.id, this.clock.now());
    }
    return { told };
  }
}

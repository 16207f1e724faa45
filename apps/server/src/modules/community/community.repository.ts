import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CommunityChannelsTable } from '../../db/schema.js';

export type ChannelRow = Selectable<CommunityChannelsTable>;

export class CommunityRepository {
  list(db: Executor, options: { includeInactive?: boolean } = {}): Promise<ChannelRow[]> {
    let query = db.selectFrom('community_channels').selectAll();
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.orderBy('position').orderBy('created_at').execute();
  }

  find(db: Executor, id: string): Promise<ChannelRow | undefined> {
    return db.selectFrom('community_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(db: Executor, row: Insertable<CommunityChannelsTable>): Promise<void> {
    await db.insertInto('community_channels').values(row).execute();
  }

  /**
   * Changes a channel (and its version); with `version`, only if it is still at it (a
   * compare-and-set). False when nothing was changed.
   */
  async update(
    db: Executor,
    id: string,
    values: Omit<Updateable<CommunityChannelsTable>, 'version'>,
    version?: number,
  ): Promise<boolean> {
    let query = db
      .updateTable('community_channels')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (version !== undefined) query = query.where('version', '=', version);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

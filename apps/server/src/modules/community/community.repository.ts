import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CommunityChannelsTable } from '../../db/schema.js';

export type ChannelRow = CommunityChannelsTable;

export class CommunityRepository {
  list(db: Executor, options: { includeInactive?: boolean } = {}): Promise<ChannelRow[]> {
    let query = db.selectFrom('community_channels').selectAll();
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.orderBy('position').orderBy('created_at').execute();
  }

  find(db: Executor, id: string): Promise<ChannelRow | undefined> {
    return db.selectFrom('community_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(db: Executor, row: ChannelRow): Promise<void> {
    await db.insertInto('community_channels').values(row).execute();
  }

  async update(db: Executor, id: string, values: Updateable<ChannelRow>): Promise<void> {
    await db.updateTable('community_channels').set(values).where('id', '=', id).execute();
  }
}

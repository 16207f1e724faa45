import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DeliveryAddressesTable } from '../../db/schema.js';

export type AddressRow = DeliveryAddressesTable;

export class AddressesRepository {
  /** Default first, then newest first. */
  list(db: Executor, userId: string): Promise<AddressRow[]> {
    return db
      .selectFrom('delivery_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Other accounts' addresses with one of these phone numbers (indexed by phone). */
  listOthersByPhones(db: Executor, phones: string[], exceptUserId: string): Promise<AddressRow[]> {
    if (phones.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('delivery_addresses')
      .selectAll()
      .where('phone', 'in', phones)
      .where('user_id', '!=', exceptUserId)
      .execute();
  }

  /** The caller's address; anyone else's answers undefined, like a missing one. */
  findOwned(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
    return db
      .selectFrom('delivery_addresses')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(db: Executor, row: AddressRow): Promise<void> {
    await db.insertInto('delivery_addresses').values(row).execute();
  }

  async update(db: Executor, userId: string, id: string, values: Updateable<AddressRow>): Promise<void> {
    await db.updateTable('delivery_addresses').set(values).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async clearDefault(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('delivery_addresses')
      .set({ is_default: 0 })
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute();
  }

  async delete(db: Executor, userId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('delivery_addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteOfUser(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('delivery_addresses').where('user_id', '=', userId).execute();
  }
}

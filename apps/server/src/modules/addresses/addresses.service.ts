import { randomUUID } from 'node:crypto';
import type { Address } from '@stride/contract';
import type { AddressesSettings } from './addresses.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AddressRow, AddressesRepository } from './addresses.repository.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';

export interface AddressInput {
  id?: string | undefined;
  name: string;
  phone: string;
  region: string;
  detail: string;
  isDefault: boolean;
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    region: row.region,
    detail: row.detail,
    isDefault: row.is_default === 1,
  };
}

/**
 * An address as the shared-address check compares it: region, detail and phone, with case,
 * spaces and punctuation left out (so `No. 5, Road` and `no 5 road` are one address).
 */
export function normalisedAddress(row: Pick<AddressRow, 'region' | 'detail' | 'phone'>): string {
  const plain = (value: string) =>
    value
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\p{P}\p{S}]+/gu, '');
  return `${plain(row.region)}|${plain(row.detail)}|${row.phone.replace(/\D+/g, '')}`;
}

/**
 * Delivery addresses. Exactly one is the default whenever any exist: the first one is; marking
 * one unmarks the others; unmarking the default, or deleting it, passes it to the newest other.
 * Every change runs under the user row's lock (the count limit and "exactly one"); a partial
 * unique index keeps it to at most one default whatever writes (decision 015 "Only once rules are held by the
 * database").
 */
export class AddressesService {
  constructor(
    private readonly db: Db,
    private readonly repository: AddressesRepository,
    private readonly clock: Clock,
    private readonly config: AddressesSettings,
  ) {}

  async list(userId: string): Promise<Address[]> {
    return (await this.repository.list(this.db, userId)).map(toAddress);
  }

  /**
   * How many other accounts have one of this user's delivery addresses (normalised: region,
   * detail and phone), for the cheating checks of walking. Found by phone number (indexed).
   */
  async sharingAccounts(db: Executor, userId: string): Promise<number> {
    const own = await this.repository.list(db, userId);
    if (own.length === 0) return 0;
    const keys = new Set(own.map(normalisedAddress));
    const others = await this.repository.listOthersByPhones(db, [...new Set(own.map((row) => row.phone))], userId);
    return new Set(others.filter((row) => keys.has(normalisedAddress(row))).map((row) => row.user_id)).size;
  }

  /** For orders and mailings: the caller's address, or not found (another user's included). */
  async getOwned(db: Executor, userId: string, id: string): Promise<AddressRow> {
    const row = await this.repository.findOwned(db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  save(userId: string, input: AddressInput): Promise<Address> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const rows = await this.repository.list(trx, userId);
      const values = {
        name: input.name,
        phone: input.phone,
        region: input.region,
        detail: input.detail,
        updated_at: now,
      };
      let id: string;
      if (input.id) {
        const current = rows.find((row) => row.id === input.id);
        if (!current) throw notFound();
        id = current.id;
        if (input.isDefault && current.is_default !== 1) await this.repository.clearDefault(trx, userId);
        const keepsDefault = current.is_default === 1 && !input.isDefault && rows.length === 1;
        await this.repository.update(trx, userId, id, {
          ...values,
          is_default: input.isDefault || keepsDefault ? 1 : 0,
        });
        if (current.is_default === 1 && !input.isDefault && !keepsDefault) {
          await this.promoteNewest(trx, userId, id);
        }
      } else {
        if (rows.length >= this.config.addressesMax) {
          throw new AppError('BUSINESS_RULE', 'addressesMax', { max: this.config.addressesMax });
        }
        const isDefault = input.isDefault || rows.length === 0;
        if (isDefault) await this.repository.clearDefault(trx, userId);
        id = randomUUID();
        await this.repository.insert(trx, {
          id,
          user_id: userId,
          ...values,
          is_default: isDefault ? 1 : 0,
          created_at: now,
        });
      }
      const saved = await this.repository.findOwned(trx, userId, id);
      if (!saved) throw notFound();
      return toAddress(saved);
    });
  }

  /** Another user's address answers exactly like a missing one, and nothing changes. */
  delete(userId: string, id: string): Promise<{ done: true }> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const row = await this.repository.findOwned(trx, userId, id);
      if (!row || !(await this.repository.delete(trx, userId, id))) throw notFound();
      if (row.is_default === 1) await this.promoteNewest(trx, userId);
      return { done: true as const };
    });
  }

  private async promoteNewest(trx: Executor, userId: string, exceptId?: string): Promise<void> {
    const rows = await this.repository.list(trx, userId);
    const newest = rows
      .filter((row) => row.id !== exceptId)
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))[0];
    if (newest) await this.repository.update(trx, userId, newest.id, { is_default: 1 });
  }

  /** The addresses section; deleting removes them (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return {
      name: 'addresses',
      exportFor: (userId) => this.list(userId),
      erase: (trx, { userId }) => this.repository.deleteOfUser(trx, userId),
    };
  }
}

import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CompanionPackagesTable } from '../../db/schema.js';

export type CompanionPackageRow = Selectable<CompanionPackagesTable>;

/** Companion packages uploaded in the console. */
export class DownloadRepository {
  /** The uploaded package with the highest version code. */
  newest(db: Executor): Promise<CompanionPackageRow | undefined> {
    return db.selectFrom('companion_packages').selectAll().orderBy('version_code', 'desc').limit(1).executeTakeFirst();
  }

  older(db: Executor, versionCode: number): Promise<CompanionPackageRow[]> {
    return db.selectFrom('companion_packages').selectAll().where('version_code', '<', versionCode).execute();
  }

  async insert(db: Executor, row: Insertable<CompanionPackagesTable>): Promise<void> {
    await db.insertInto('companion_packages').values(row).execute();
  }
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { Executor } from './executor.js';
import { prepared, statementName } from './prepared.js';

let t: TestApp;
const ids = [randomUUID(), randomUUID(), randomUUID()].sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('home_items')
    .values(
      ids.map((id, index) => ({
        id,
        kind: index === 2 ? 'entry' : 'banner',
        title: `Item ${index}`,
        image: '/images/item.png',
        target: '/pages/shop/index',
        position: index,
        is_active: 1,
        version: 1,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const build = (db: Executor, kind: string, wanted: readonly string[]) =>
  db.selectFrom('home_items').select(['id', 'title']).where('kind', '=', kind).where('id', 'in', wanted).orderBy('id');
const items = prepared(build);

describe('a prepared query (decision 068)', () => {
  it('answers as the query built anew does, for other values and lists of other lengths', async () => {
    for (const [kind, wanted] of [
      ['banner', ids],
      ['entry', ids],
      ['banner', [ids[1]!]],
      ['banner', ids],
      ['entry', [ids[0]!, ids[2]!]],
      ['banner', [randomUUID()]],
    ] as const) {
      const expected = await build(t.db, kind, wanted).execute();
      expect(await items(t.db, kind, wanted)).toEqual(expected);
    }
    expect(await items(t.db, 'banner', ids)).toEqual([
      { id: ids[0], title: 'Item 0' },
      { id: ids[1], title: 'Item 1' },
    ]);
  });

  it('runs in a transaction and sees its writes', async () => {
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('home_items').set({ title: 'Renamed' }).where('id', '=', ids[2]!).execute();
      expect(await items(trx, 'entry', ids)).toEqual([{ id: ids[2], title: 'Renamed' }]);
    });
  });

  it('refuses a query that does not send an argument as a parameter', async () => {
    const ignoresKind = prepared((db, kind: string) =>
      db
        .selectFrom('home_items')
        .select('id')
        .where('kind', '=', kind.length > 0 ? 'banner' : 'entry'),
    );
    await expect(ignoresKind(t.db, 'banner')).rejects.toThrow(/each argument as a parameter/);
    const writesKind = prepared((db, kind: string) =>
      db
        .selectFrom('home_items')
        .select('id')
        .where(sql.raw(`kind = '${String(kind)}'`), '=', sql.lit(1)),
    );
    await expect(writesKind(t.db, 'banner')).rejects.toThrow(/each argument as a parameter/);
  });

  it('refuses a query that selects every column: a later column would change a planned statement', async () => {
    const everything = prepared((db, kind: string) => db.selectFrom('home_items').selectAll().where('kind', '=', kind));
    await expect(everything(t.db, 'banner')).rejects.toThrow(/name the columns/);
    const everythingOf = prepared((db, kind: string) =>
      db.selectFrom('home_items as h').selectAll('h').where('h.kind', '=', kind),
    );
    await expect(everythingOf(t.db, 'banner')).rejects.toThrow(/name the columns/);
  });

  it('goes to PostgreSQL as a named statement, which each connection parses and plans once (decision 070)', async () => {
    const text = build(t.db, 'banner', ids).compile().sql;
    await items(t.db, 'banner', ids);
    expect(statementName(text)).toMatch(/^stride_prepared_\d+$/);
    expect(statementName('select 1')).toBeUndefined();
    if (t.config.database.dialect !== 'postgres') return;
    // One transaction is one connection: the statement it prepared is in its session's list.
    const statements = await t.db.transaction().execute(async (trx) => {
      await items(trx, 'banner', ids);
      await items(trx, 'entry', ids);
      return (
        await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx)
      ).rows;
    });
    expect(statements).toContainEqual({ name: statementName(text), statement: text });
  });
});

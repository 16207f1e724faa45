import {
  sql,
  type DeleteResult,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type Simplify,
  type SqlBool,
  type StringReference,
  type UpdateResult,
} from 'kysely';

/** The window of rows a paged list asks for (`pageWindow` makes it from the page the client asked for). */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** A page of rows and how many rows match in all. */
export interface PageRows<R> {
  rows: R[];
  total: number;
}

/** A query before it selects anything: what a list filters, then pages and counts. */
type Unselected<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, object>;

/**
 * One page of the rows `query` matches, selected and ordered by `rows`, with the count of all of them: the two
 * statements of every paged list, sent together. The count ignores the order and the window.
 */
export function pageOf<DB, TB extends keyof DB, R>(
  query: Unselected<DB, TB>,
  page: PageWindow,
  rows: (query: Unselected<DB, TB>) => SelectQueryBuilder<DB, TB, R>,
): Promise<PageRows<Simplify<R>>> {
  return pageCounted(rows(query), query, page);
}

/** Like `pageOf`, where the count runs on a query of its own (the filters without the rows' joins). */
export async function pageCounted<DB, TB extends keyof DB, R, CDB, CTB extends keyof CDB>(
  rows: SelectQueryBuilder<DB, TB, R>,
  counted: Unselected<CDB, CTB>,
  page: PageWindow,
): Promise<PageRows<Simplify<R>>> {
  const [found, total] = await Promise.all([rows.limit(page.limit).offset(page.offset).execute(), countOf(counted)]);
  return { rows: found, total };
}

/** How many rows `query` matches. */
export async function countOf<DB, TB extends keyof DB>(query: Unselected<DB, TB>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first by `at`; rows of one time by `id`, the later first (ids are ordered within a millisecond). */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: StringReference<DB, TB>,
  id: StringReference<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(at, 'desc').orderBy(id, 'desc');
}

/** Oldest first by `at`, rows of one time by `id`. */
export function oldestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: StringReference<DB, TB>,
  id: StringReference<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(at).orderBy(id);
}

/** A table whose rows belong to a user. */
type OfUser = { user_id: string };

/** Every row of the user, in the order of `at` (the data export, decision 047 "Your data"). */
export function rowsOfUser<DB extends Record<TB, OfUser>, TB extends keyof DB & string, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  userId: string,
  at: StringReference<DB, TB>,
): Promise<Simplify<O>[]> {
  return query
    .where((eb) => sql<SqlBool>`${eb.ref('user_id')} = ${userId}`)
    .orderBy(at)
    .execute();
}

/** A table whose rows a worker leases (decision 015 "Only once rules are held by the database"). */
type Leased = { id: string; lease_until: number | null };

/** No live lease holds the row: it never had one, or it ran out by `now`. */
export function leaseFree<DB extends Record<TB, Leased>, TB extends keyof DB & string>(
  eb: ExpressionBuilder<DB, TB>,
  now: number,
): Expression<SqlBool> {
  return eb.or([eb('lease_until', 'is', null), sql<SqlBool>`${eb.ref('lease_until')} <= ${now}`]);
}

/**
 * The ids of `query`'s rows whose time in `due` has come by `now` and that no live lease holds, soonest first: what a
 * worker pass then claims one by one.
 */
export async function dueIds<DB extends Record<TB, Leased>, TB extends keyof DB & string>(
  query: Unselected<DB, TB>,
  due: StringReference<DB, TB>,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await query
    .select('id')
    .$castTo<{ id: string }>()
    .where((eb) => sql<SqlBool>`${eb.ref(due)} <= ${now}`)
    .where((eb) => leaseFree(eb, now))
    .orderBy(due)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** What an update or delete can be run for. */
interface Run<R> {
  executeTakeFirst(): Promise<R>;
}

/** Whether an update changed exactly one row: a compare-and-set that won (false: it lost, or there is no row). */
export async function updatedOne(query: Run<UpdateResult>): Promise<boolean> {
  return (await updatedCount(query)) === 1;
}

/** How many rows an update changed. */
export async function updatedCount(query: Run<UpdateResult>): Promise<number> {
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** How many rows a delete removed. */
export async function deletedCount(query: Run<DeleteResult>): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './executor.js';

/** What a prepared query takes: values, or lists of values (`in (...)`, rows), each sent as parameters. */
type Value = string | number | null;
type Argument = Value | readonly Value[];

/** Stands for an argument (or one item of a list argument) while the query is built and compiled. */
class Slot {
  constructor(
    readonly argument: number,
    readonly item: number | null,
  ) {}
}

/** The name each prepared query's SQL text has as a PostgreSQL prepared statement. */
const statementNames = new Map<string, string>();

/**
 * The name a prepared query's SQL text goes by on PostgreSQL, or undefined for any other text.
 * The pool sends such a query as a named statement: each connection parses and plans it once,
 * then only binds and executes it (decision 070 "The bench's paced lines, and prepared queries as named statements").
 * The set is small and fixed (the prepared queries and their list lengths), so what each connection keeps stays small.
 * A prepared query selects its columns by name, so a column added by a later migration never changes its result's shape
 * (which PostgreSQL refuses for a statement planned before).
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

interface Compiled {
  compiled: CompiledQuery;
  /** Each parameter: an argument's slot, or a value the query itself holds. */
  parameters: readonly (Slot | { value: unknown })[];
}

/**
 * A query built and compiled once per database dialect and shape of its arguments (how many items
 * each list has), then sent with each call's values as its parameters. Building a query with
 * Kysely (its nodes, frozen one by one, then the SQL text) cost about a quarter of the server's
 * time on home, whose statements are the same on every call (decision 068 "Queries built once on the hot paths").
 *
 * `build` gets stand-ins for the arguments and must send each one as a parameter, never look at
 * it. A query that leaves an argument out of its parameters (as one that branches on it may), or
 * writes one into its SQL text, is refused at its first call. List lengths make new shapes, so
 * lists stay short: a transfer's legs, a user's cards.
 */
export function prepared<A extends Argument[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<R[]> {
  const byDialect = new Map<unknown, Map<string, Compiled>>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    const shape = args.map((arg) => (Array.isArray(arg) ? String(arg.length) : '-')).join(',');
    let shapes = byDialect.get(dialect);
    if (!shapes) byDialect.set(dialect, (shapes = new Map<string, Compiled>()));
    let entry = shapes.get(shape);
    if (!entry) {
      entry = compile(db, build, args);
      shapes.set(shape, entry);
    }
    const parameters = entry.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter.value;
      const arg = args[parameter.argument];
      return parameter.item === null ? arg : (arg as readonly unknown[])[parameter.item];
    });
    const { rows } = await db.executeQuery<R>({
      ...CompiledQuery.raw(entry.compiled.sql, parameters),
      query: entry.compiled.query,
    });
    return rows;
  };
}

function compile<A extends Argument[], R>(
  db: Executor,
  build: (db: Executor, ...args: A) => Compilable<R>,
  args: A,
): Compiled {
  const slots: Slot[] = [];
  const standIns = args.map((arg, argument) => {
    if (!Array.isArray(arg)) return slots[slots.push(new Slot(argument, null)) - 1];
    return arg.map((_, item) => slots[slots.push(new Slot(argument, item)) - 1]);
  }) as unknown as A;
  const compiled = build(db, ...standIns).compile();
  const used = new Set(compiled.parameters.filter((parameter) => parameter instanceof Slot));
  if (used.size !== slots.length || compiled.sql.includes('[object Object]')) {
    throw new Error(`A prepared query must send each argument as a parameter: ${compiled.sql}`);
  }
  if (/\*\s+from\b/i.test(compiled.sql) || /\.\*/.test(compiled.sql)) {
    throw new Error(`A prepared query must name the columns it selects: ${compiled.sql}`);
  }
  // Only a query that passed both checks gets a statement name.
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `stride_prepared_${statementNames.size + 1}`);
  return {
    compiled,
    parameters: compiled.parameters.map((parameter) => (parameter instanceof Slot ? parameter : { value: parameter })),
  };
}

import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** How an operator account came to its roles (decision 074 "Independent second approvers"). */
export interface OperatorOriginRow {
  name: string;
  created_by: string | null;
  created_at: number;
  roles_changed_by: string | null;
  roles_changed_at: number | null;
}

/**
 * Who made whom among operator accounts (decision 074 "Independent second approvers"): read for the console's screens
 * and the audit, and as the `not exists` that four-eyes compare-and-sets carry.
 */
export class OperatorOriginsRepository {
  find(db: Executor, names: readonly string[]): Promise<OperatorOriginRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('operators')
      .select(['name', 'created_by', 'created_at', 'roles_changed_by', 'roles_changed_at'])
      .where('name', 'in', [...new Set(names)])
      .execute();
  }

  /**
   * True unless one of the two operators named by `a` and `b` was created by the other, or last
   * given finance or admin by it, after `since`. Part of the caller's one statement, so the rule
   * holds under concurrency; `dependenceOf` in the service reads the same rule to say why.
   */
  independent(a: Expression<string | null>, b: Expression<string | null>, since: number): Expression<SqlBool> {
    const madeBy = (subject: Expression<string | null>, maker: Expression<string | null>) =>
      sql<SqlBool>`(four_eyes.name = ${subject} and ((four_eyes.created_by = ${maker} and four_eyes.created_at > ${since})
        or (four_eyes.roles_changed_by = ${maker} and four_eyes.roles_changed_at > ${since})))`;
    return sql<SqlBool>`not exists (select 1 from operators as four_eyes where ${madeBy(a, b)} or ${madeBy(b, a)})`;
  }
}

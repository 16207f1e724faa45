import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createOperator, OPERATOR_PASSWORD, operatorName } from '../../../test/console.js';
import { useTestApp } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { migrateToLatest } from '../database.js';
import { MIGRATIONS } from './index.js';

const t = useTestApp();

const migrator = () => new Migrator({ db: t.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });

async function origin(id: string) {
  return t.db
    .selectFrom('operators')
    .select(['created_by', 'roles_changed_by', 'roles_changed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('migration 0029 on operators made before it', () => {
  it('reads who created each operator, and who last gave it finance or admin, from the record of actions', async () => {
    const admin = await createOperator(t, ['admin']);
    const made = await t.app.services.operators.createOperator(
      { name: operatorName('made'), roles: ['support'], password: OPERATOR_PASSWORD },
      admin.name,
    );
    const granted = await createOperator(t, ['reviewer']);
    const record = (operator: string, before: string[], after: string[]) =>
      t.app.services.audit.record(t.db, {
        operator,
        action: 'operator.roles',
        subjectType: 'operator',
        subjectId: granted.id,
        before: { roles: before },
        after: { roles: after },
        now: t.clock.now(),
      });
    await record('early-admin', ['reviewer'], ['reviewer', 'admin']);
    t.clock.advance(MINUTE_MS);
    const financeAt = t.clock.now();
    await record('late-admin', ['reviewer', 'admin'], ['reviewer', 'admin', 'finance']);
    t.clock.advance(MINUTE_MS);
    // A later change that adds neither finance nor admin does not hide who gave them.
    await record('other-admin', ['reviewer', 'admin', 'finance'], ['reviewer', 'admin', 'finance', 'support']);

    const down = await migrator().migrateTo('0028-operator-sign-in');
    expect(down.error).toBeUndefined();
    await migrateToLatest(t.db);

    // The command line without --operator records the operator's own name: nobody made it.
    expect(await origin(admin.id)).toEqual({ created_by: null, roles_changed_by: null, roles_changed_at: null });
    expect(await origin(made.operator.id)).toEqual({
      created_by: admin.name,
      roles_changed_by: null,
      roles_changed_at: null,
    });
    expect(await origin(granted.id)).toEqual({
      created_by: null,
      roles_changed_by: 'late-admin',
      roles_changed_at: financeAt,
    });
    expect(await t.db.selectFrom('operator_role_grants').selectAll().execute()).toEqual([]);
  });
});

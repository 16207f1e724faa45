import { isoTime } from '../../lib/clock.js';
import { print, UsageError, type Command } from '../command.js';

/** The record of operator actions. */
export const ACTION_COMMANDS: Command[] = [
  {
    name: 'actions list',
    usage: ['  actions list [--limit N]                                the latest recorded operator actions'],
    run: async ({ deps, values }) => {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit: 1 to 1000.');
      const rows = await deps.services.audit.list(limit);
      print(
        deps,
        values,
        rows.map((row) => ({
          at: isoTime(row.created_at),
          operator: row.operator,
          action: row.action,
          subject: `${row.subject_type}:${row.subject_id}`,
          detail: row.detail ?? '',
        })),
      );
    },
  },
];

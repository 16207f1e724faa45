import { readFile } from 'node:fs/promises';
import { isoTime } from '../../lib/clock.js';
import {
  listCommand,
  requireId,
  requireOperator,
  requireText,
  requireYes,
  UsageError,
  visible,
  type Command,
} from '../command.js';

/** Publishing notices. */
export const NOTICE_COMMANDS: Command[] = [
  listCommand({
    name: 'notices list',
    usage: ['  notices list                                            every notice, published or not'],
    rows: (deps) => deps.services.admin.notices.listForOperators(),
    columns: (row) => ({
      id: row.id,
      title: row.title,
      published: row.published_at === null ? '' : isoTime(row.published_at),
      by: row.created_by,
    }),
  }),
  {
    name: 'notices publish',
    usage: [
      '  notices publish --title TEXT (--body HTML | --body-file PATH) --operator NAME --yes',
      '                                                          the body is sanitized before it is stored',
    ],
    run: async ({ deps, values }) => {
      const operator = requireOperator(values);
      const title = requireText(values.title, 'title', 140);
      if ((values.body === undefined) === (values['body-file'] === undefined)) {
        throw new UsageError('Give the body with exactly one of --body HTML or --body-file PATH.');
      }
      const body =
        values['body-file'] === undefined ? (values.body ?? '') : await readFile(values['body-file'], 'utf8');
      requireYes(values, `publish the notice "${visible(title)}"`);
      const notice = await deps.services.admin.notices.publish(operator, { title, body });
      deps.out(`notice ${notice.id} published by ${operator}`);
    },
  },
  {
    name: 'notices unpublish',
    usage: ['  notices unpublish <noticeId> --operator NAME --yes'],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'noticeId');
      const operator = requireOperator(values);
      requireYes(values, `unpublish notice ${id}`);
      await deps.services.admin.notices.unpublish(operator, id);
      deps.out(`notice ${id} unpublished by ${operator}`);
    },
  },
];

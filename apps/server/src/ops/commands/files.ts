import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { requireId, requireOperator, requireYes, UsageError, type Command } from '../command.js';

/** Private images and the cleanup of what nothing uses. */
export const FILE_COMMANDS: Command[] = [
  {
    name: 'files get',
    usage: [
      '  files get <fileId> --out PATH --operator NAME           save a private image, e.g. ID photos (recorded)',
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'fileId');
      const operator = requireOperator(values);
      const out = values.out;
      if (!out) throw new UsageError('--out PATH is required.');
      const file = await deps.services.admin.files.view(operator, id, (found) =>
        writeFile(path.resolve(out), found.body, { mode: 0o600, flag: 'wx' }),
      );
      deps.out(`file ${id} (${file.row.purpose}, ${file.contentType}) saved to ${out}`);
    },
  },
  {
    name: 'files cleanup',
    usage: [
      '  files cleanup --operator NAME --yes                     remove uploads nothing uses, older than',
      '                                                          UPLOAD_UNUSED_GRACE_HOURS, expired captchas',
      '                                                          and old rate counters (the server also does',
      '                                                          this every CLEANUP_INTERVAL_MINUTES)',
    ],
    run: async ({ deps, values }) => {
      const operator = requireOperator(values);
      requireYes(values, 'remove unused uploads');
      const result = await deps.services.admin.files.runCleanup(operator);
      deps.out(
        `removed ${result.files} unused uploads (${result.bytes} bytes), ${result.captchas} expired captchas and ${result.counters} old rate counters; by ${operator}`,
      );
    },
  },
];

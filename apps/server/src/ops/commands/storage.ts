import { OperatorError } from '../../http/operator-error.js';
import { copyObjects } from '../../storage/copy.js';
import { STORAGE_AREAS, diskStorage } from '../../storage/storage.js';
import { requireOperator, requireYes, type Command } from '../command.js';

/** Object storage (decision 054 "Object storage"): moving from the disk to an S3-compatible bucket. */
export const STORAGE_COMMANDS: Command[] = [
  {
    name: 'storage sweep',
    usage: [
      '  storage sweep --operator NAME --yes                     remove stored uploads that no file names, older',
      '                                                          than UPLOAD_UNUSED_GRACE_HOURS (left when the',
      '                                                          storage was unreachable at a deletion; recorded)',
    ],
    run: async ({ deps, values }) => {
      const operator = requireOperator(values);
      requireYes(values, 'remove stored uploads that no file names');
      const result = await deps.services.admin.files.removeStrayObjects(operator);
      deps.out(`removed ${result.objects} stray objects (${result.bytes} bytes); by ${operator}`);
    },
  },
  {
    name: 'storage copy-to-s3',
    usage: [
      '  storage copy-to-s3 --operator NAME --yes                copy every upload and package from the disk',
      '                                                          (UPLOAD_DIR, DATA_DIR/companion) to the bucket',
      '                                                          STORAGE=s3 names; skips what is there, removes',
      '                                                          nothing; run again until it copies 0 (recorded)',
    ],
    run: async ({ deps, values }) => {
      const operator = requireOperator(values);
      const { config, storage, audit, clock, db } = deps.services;
      if (storage.kind !== 's3') {
        throw new OperatorError('Set STORAGE=s3 and the S3_* variables first: the copy goes to the configured bucket.');
      }
      requireYes(values, 'copy the files on the disk to the bucket');
      const disk = diskStorage({ uploads: config.uploads.dir, companion: config.companionUploads.dir });
      const totals = { copied: 0, bytes: 0, skipped: 0 };
      const differing: string[] = [];
      for (const area of STORAGE_AREAS) {
        const result = await copyObjects(disk.area(area), storage.area(area));
        deps.out(
          `${area}: copied ${result.copied} (${result.bytes} bytes), already there ${result.skipped}, differing ${result.differing.length}`,
        );
        for (const key of result.differing) deps.out(`  differs in size, left alone: ${area}/${key}`);
        totals.copied += result.copied;
        totals.bytes += result.bytes;
        totals.skipped += result.skipped;
        differing.push(...result.differing.map((key) => `${area}/${key}`));
      }
      await audit.record(db, {
        operator,
        action: 'storage.copy',
        subjectType: 'file',
        subjectId: 'all',
        detail: { ...totals, differing: differing.length },
        now: clock.now(),
      });
      deps.out(`copied ${totals.copied} objects (${totals.bytes} bytes) to the bucket; by ${operator}`);
    },
  },
];

import { isoTime } from '../../lib/clock.js';
import {
  oneOf,
  print,
  requireId,
  requireOperator,
  requireReason,
  requireYes,
  type Command,
  type CommandContext,
} from '../command.js';

const REVIEW_STATUSES = ['pending', 'verified', 'rejected'] as const;

async function list({ deps, values, area }: CommandContext): Promise<void> {
  const status = oneOf(values.status, REVIEW_STATUSES, 'pending');
  const rows = await deps.services.admin.identity.listForReview(area === 'face' ? { faceStatus: status } : { status });
  print(
    deps,
    values,
    rows.map((row) =>
      area === 'face'
        ? {
            userId: row.user_id,
            account: row.account,
            name: row.name,
            face: row.face_status,
            method: row.face_method,
            faceFileId: row.face_file_id,
            frontFileId: row.front_file_id,
            backFileId: row.back_file_id,
            submittedAt: row.face_submitted_at === null ? '' : isoTime(row.face_submitted_at),
          }
        : {
            userId: row.user_id,
            account: row.account,
            name: row.name,
            idNumber: row.id_number_masked,
            status: row.status,
            frontFileId: row.front_file_id,
            backFileId: row.back_file_id,
            submittedAt: isoTime(row.submitted_at),
          },
    ),
  );
}

async function decide({ deps, values, positionals, area, command }: CommandContext): Promise<void> {
  const userId = requireId(positionals, 'userId');
  const operator = requireOperator(values);
  const isApproval = command === 'approve';
  const reason = isApproval ? '' : requireReason(values);
  requireYes(values, `${command} the ${area} check of ${userId}`);
  const decision = isApproval ? ({ approve: true } as const) : ({ approve: false, reason } as const);
  if (area === 'identity') await deps.services.admin.identity.review(operator, userId, decision);
  else await deps.services.admin.identity.reviewFace(operator, userId, decision);
  deps.out(`${area} check of ${userId}: ${isApproval ? 'approved' : 'rejected'} by ${operator}`);
}

/** Real-name and face checks. */
export const IDENTITY_COMMANDS: Command[] = [
  {
    name: 'identity list',
    usage: ['  identity list [--status pending|verified|rejected]     identity checks (default: pending)'],
    run: list,
  },
  { name: 'identity approve', usage: ['  identity approve <userId> --operator NAME --yes'], run: decide },
  { name: 'identity reject', usage: ['  identity reject <userId> --reason TEXT --operator NAME --yes'], run: decide },
  {
    name: 'face list',
    usage: ['  face list [--status pending|verified|rejected]         face checks (default: pending)'],
    run: list,
  },
  {
    name: 'face approve',
    usage: ['  face approve <userId> --operator NAME --yes             after comparing the face or ID photos'],
    run: decide,
  },
  { name: 'face reject', usage: ['  face reject <userId> --reason TEXT --operator NAME --yes'], run: decide },
];

import {
  oneOf,
  optionalInteger,
  optionalText,
  print,
  requireId,
  requireOperator,
  requireYes,
  UsageError,
  type Command,
} from '../command.js';

const REVIEW_STATUSES = ['flagged', 'cleared', 'rejected'] as const;
const PAGE_MAX = 50;

/**
 * `flagged-days clear|reject <id>`: the reviewers' decision on a flagged day (decision 029 "Steps from every source").
 */
function decideCommand(decision: 'clear' | 'reject'): Command {
  const done = decision === 'clear' ? 'cleared' : 'rejected';
  return {
    name: `flagged-days ${decision}`,
    usage: [
      `  flagged-days ${decision} <reviewId> [--note TEXT] --operator NAME --yes${
        decision === 'clear'
          ? '   pays the held cash back and invite reward, releases the points to collect'
          : '   nothing is paid'
      }`,
    ],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, 'reviewId');
      const operator = requireOperator(values);
      const note = optionalText(values.note, 'note', 500);
      requireYes(values, `${decision} flagged day ${id}`);
      const day = await deps.services.admin.walking.decideFlaggedDay(operator, id, { decision, note });
      deps.out(`${id}: ${day.day} of ${day.mobile} ${done} by ${operator}`);
    },
  };
}

/** Days whose rewards wait for a reviewer. */
export const FLAGGED_DAY_COMMANDS: Command[] = [
  {
    name: 'flagged-days list',
    usage: [
      '  flagged-days list [--status flagged|cleared|rejected] [--limit N]   days held for review, oldest first (default: flagged)',
    ],
    run: async ({ deps, values }) => {
      const status = oneOf(values.status, REVIEW_STATUSES, 'flagged');
      const limit = optionalInteger(values.limit, 'limit') ?? PAGE_MAX;
      if (limit < 1 || limit > PAGE_MAX) throw new UsageError(`--limit must be between 1 and ${PAGE_MAX}.`);
      const { items } = await deps.services.admin.walking.listFlaggedDays(status, { page: 1, pageSize: limit });
      print(
        deps,
        values,
        items.map((item) => ({
          id: item.id,
          mobile: item.mobile,
          day: item.day,
          steps: item.steps,
          reasons: item.reasons.join(','),
          sources: item.sources.map((source) => `${source.name ?? source.kind}:${source.steps}`).join(','),
          heldPoints: item.heldPoints,
          heldCashBack: item.heldCashBack,
          status: item.status,
          flaggedAt: item.flaggedAt,
          ...(item.decidedAt ? { decidedAt: item.decidedAt, note: item.note ?? '' } : {}),
        })),
      );
    },
  },
  decideCommand('clear'),
  decideCommand('reject'),
];

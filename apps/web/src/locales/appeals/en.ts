/**
 * The texts only the appeals page and a day's receipt read (docs/product/appeals.md): a chunk of their own per language
 * that those pages load as they open, as the social pages' are (decision 097 "Page texts for the social pages"). Every
 * key starts with APPEALS_PREFIX, which the main locales (../en.ts) refuse; the page's title stays there as
 * `title.appeals`.
 */
export const APPEALS_PREFIX = 'appeals.';
export type AppealsPrefix = typeof APPEALS_PREFIX;

/** The base dictionary of these texts: every other locale is typed against it, so a missing key fails the typecheck. */
export const appeals = {
  'appeals.action': 'Appeal this decision',
  'appeals.formTitle.day': 'Appeal the review of {day}',
  'appeals.formTitle.report': 'Appeal the decision on your report',
  'appeals.formTitle.invite-reward': 'Appeal the decision on your invite reward',
  'appeals.formHint':
    'Tell the reviewer why the decision is wrong. You can appeal each decision once, and a reviewer answers within {hours} hours.',
  'appeals.note': 'What happened',
  'appeals.notePlaceholder': 'For example: I walked to work and back; my watch shows the steps.',
  'appeals.noteRequired': 'Write what happened',
  'appeals.picture': 'A picture (optional), such as your watch’s screen',
  'appeals.send': 'Send appeal',
  'appeals.sent': 'Appeal sent',
  'appeals.mine': 'My appeals',
  'appeals.none': 'You have not appealed anything.',
  'appeals.kind.day': 'The day {day}',
  'appeals.kind.report': 'Your report',
  'appeals.kind.invite-reward': 'Your invite reward',
  'appeals.status.open': 'Waiting for a reviewer',
  'appeals.status.granted': 'Granted',
  'appeals.status.refused': 'Refused',
  'appeals.due': 'Decision due by {time}',
  'appeals.overdue': 'The decision is late: it was due by {time}. Your appeal stays first in the reviewers’ list.',
  'appeals.decided': 'Decided {time}',
  'appeals.why': 'Why: {reason}.',
  'appeals.reply': 'The reviewer wrote: “{reply}”',
  'appeals.withPicture': 'Sent with a picture',
  'appeals.openDay': 'See the day',
  'appeals.reason.evidenceConvincing': 'what you sent convinced the reviewer',
  'appeals.reason.reviewMistake': 'the first decision was a mistake',
  'appeals.reason.evidenceInsufficient': 'what you sent does not outweigh what the review found',
  'appeals.reason.ruleApplies': 'the rule applies as it was',
  'appeals.reason.contentAllowed': 'the content is within the rules',
} as const satisfies Readonly<Record<`${AppealsPrefix}${string}`, string>>;

export type AppealsKey = keyof typeof appeals;
export type AppealsMessages = Readonly<Record<AppealsKey, string>>;

/**
 * The texts only the "Rules and changes" page reads (docs/product/earning-rules.md): a chunk of their own per language
 * that the page loads as it opens, as the social pages' are (decision 097 "Page texts for the social pages"). Every key
 * starts with RULES_PREFIX, which the main locales (../en.ts) refuse; the page's title stays there as `title.rules`.
 */
export const RULES_PREFIX = 'rules.';
export type RulesPrefix = typeof RULES_PREFIX;

/** The base dictionary of these texts: every other locale is typed against it, so a missing key fails the typecheck. */
export const rules = {
  'rules.from': 'From {day}',
  'rules.today': 'In force today',
  'rules.since': 'Since {day}',
  'rules.past': 'Earlier versions',
  'rules.worse': 'Worse for you',
  'rules.first': 'The first published rules.',
  'rules.none': 'No rules have been published yet.',
  'rules.notice':
    'A change that is worse for you is announced at least {days} days ahead, and never applies to days you have already walked.',
  'rules.change': '{rule}: {from} → {to}',
  'rules.line.points': '1 point per {steps} steps, at most {points} points a day (before your card’s multiplier).',
  'rules.line.exchange': '{points} points = {cash}, at least {min} points an exchange.',
  'rules.line.invite': 'Invite reward: {points} points each, when the person you invited walks {steps} steps in a day.',
  'rules.line.withdraw':
    'Withdrawal fee {percent}, at least {fee}; the smallest withdrawal is {min}, and at most {max} a day.',
  'rules.points': '{points} points',
  'rules.steps': '{steps} steps',
  'rules.percent': '{percent}%',
  'rules.name.stepsPerPoint': 'Steps for 1 point',
  'rules.name.pointsDailyMax': 'Most points a day',
  'rules.name.exchangePointsPerUnit': 'Points per exchange',
  'rules.name.exchangeCashPerUnit': 'Cash per exchange',
  'rules.name.exchangeMinPoints': 'Fewest points to exchange',
  'rules.name.inviteRewardPoints': 'Invite reward',
  'rules.name.inviteQualifyingSteps': 'Steps an invitee walks in a day',
  'rules.name.withdrawFeePermille': 'Withdrawal fee',
  'rules.name.withdrawFeeMin': 'Lowest withdrawal fee',
  'rules.name.withdrawMin': 'Smallest withdrawal',
  'rules.name.withdrawDailyMax': 'Most withdrawn a day',
} as const satisfies Readonly<Record<`${RulesPrefix}${string}`, string>>;

export type RulesKey = keyof typeof rules;
export type RulesMessages = Readonly<Record<RulesKey, string>>;

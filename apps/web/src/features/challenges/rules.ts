import type { Challenge, Language } from '@stride/contract';
import { formatNumber } from '../../lib/format';
import type { Translate } from '../../lib/i18n';

/** What the rules of a challenge say: its kind, its period, its goal and its prize (docs/product/challenges.md). */
export type ChallengeRules = Pick<
  Challenge,
  'kind' | 'startsOn' | 'endsOn' | 'dailySteps' | 'daysNeeded' | 'winners' | 'prizePoints'
>;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A service day (`YYYY-MM-DD`) moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a period has, its first and last included; 0 when it ends before it starts. */
export function periodDays(startsOn: string, endsOn: string): number {
  const days = Math.round((dayMs(endsOn) - dayMs(startsOn)) / DAY_MS) + 1;
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** Today on the device's calendar, as a date field writes it; the server checks the service day. */
export function deviceToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** A service day as the language writes a day of a month: "Dec 1", "1 déc.", "12月1日". */
export function dayLabel(day: string, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return Number.isNaN(dayMs(day)) ? day : format.format(dayMs(day));
}

/**
 * The rules in plain words, one sentence each: the goal over the period, how ties and pending days count, the prize,
 * and who sees the board.
 */
export function rulesText(rules: ChallengeRules, t: Translate, language: Language): string[] {
  const period = {
    from: dayLabel(rules.startsOn, language),
    to: dayLabel(rules.endsOn, language),
    total: periodDays(rules.startsOn, rules.endsOn),
  };
  const winners = rules.winners ?? 1;
  const goal =
    rules.kind === 'daily-goal'
      ? t('challenges.rule.dailyGoal', {
          ...period,
          steps: formatNumber(rules.dailySteps ?? 0, language),
          days: rules.daysNeeded ?? 0,
        })
      : rules.kind === 'most-steps'
        ? t(winners === 1 ? 'challenges.rule.mostStepsOne' : 'challenges.rule.mostSteps', { ...period, winners })
        : t(winners === 1 ? 'challenges.rule.teamTotalOne' : 'challenges.rule.teamTotal', { ...period, winners });
  const points = formatNumber(rules.prizePoints, language);
  const prize =
    rules.prizePoints <= 0
      ? t('challenges.rule.noPrize')
      : t(rules.kind === 'daily-goal' ? 'challenges.rule.prizeFinishers' : 'challenges.rule.prizeWinners', { points });
  return [
    goal,
    ...(rules.kind === 'daily-goal' ? [] : [t('challenges.rule.ties')]),
    t('challenges.rule.credited'),
    prize,
    t('challenges.rule.board'),
  ];
}

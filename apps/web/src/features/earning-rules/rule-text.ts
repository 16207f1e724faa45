import type { EarningRules, Language, RuleVersion } from '@stride/contract';
import { formatMoney, formatNumber } from '../../lib/format';
import type { Translate } from '../../lib/i18n';

type Rule = keyof EarningRules;
type RuleChange = RuleVersion['changes'][number];

/** How each rule's whole number reads: steps, points, money in minor units, or thousandths shown as a percentage. */
const RULE_UNITS: { readonly [R in Rule]: 'steps' | 'points' | 'money' | 'permille' } = {
  stepsPerPoint: 'steps',
  pointsDailyMax: 'points',
  exchangePointsPerUnit: 'points',
  exchangeCashPerUnit: 'money',
  exchangeMinPoints: 'points',
  inviteRewardPoints: 'points',
  inviteQualifyingSteps: 'steps',
  withdrawFeePermille: 'permille',
  withdrawFeeMin: 'money',
  withdrawMin: 'money',
  withdrawDailyMax: 'money',
};

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A service day with its year ("Jan 3, 2027", "2027年1月3日"): a version may apply from a day a month or more ahead,
 * across a new year. The day is a calendar date, read as such whatever the device's time zone.
 */
export function ruleDay(day: string, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : format.format(ms);
}

/** A rule's value in the language: "8,000 steps", "50 points", "¥2.00", "1.5%". */
export function ruleValue(rule: Rule, value: number, t: Translate, language: Language): string {
  switch (RULE_UNITS[rule]) {
    case 'steps':
      return t('rules.steps', { steps: formatNumber(value, language) });
    case 'points':
      return t('rules.points', { points: formatNumber(value, language) });
    case 'money':
      return formatMoney(value, language);
    case 'permille':
      return t('rules.percent', { percent: formatNumber(value / 10, language) });
  }
}

/**
 * The rules in force in plain words, one sentence each (docs/product/earning-rules.md): points for steps, the
 * exchange, the invite reward, the withdrawal's fee and limits.
 */
export function ruleLines(rules: EarningRules, t: Translate, language: Language): string[] {
  const number = (value: number) => formatNumber(value, language);
  return [
    t('rules.line.points', { steps: number(rules.stepsPerPoint), points: number(rules.pointsDailyMax) }),
    t('rules.line.exchange', {
      points: number(rules.exchangePointsPerUnit),
      cash: formatMoney(rules.exchangeCashPerUnit, language),
      min: number(rules.exchangeMinPoints),
    }),
    t('rules.line.invite', { points: number(rules.inviteRewardPoints), steps: number(rules.inviteQualifyingSteps) }),
    t('rules.line.withdraw', {
      percent: ruleValue('withdrawFeePermille', rules.withdrawFeePermille, t, language),
      fee: formatMoney(rules.withdrawFeeMin, language),
      min: formatMoney(rules.withdrawMin, language),
      max: formatMoney(rules.withdrawDailyMax, language),
    }),
  ];
}

/** One change of a version as a line: "Most points a day: 300 points → 200 points". */
export function changeLine(change: RuleChange, t: Translate, language: Language): string {
  return t('rules.change', {
    rule: t(`rules.name.${change.rule}`),
    from: ruleValue(change.rule, change.from, t, language),
    to: ruleValue(change.rule, change.to, t, language),
  });
}

import { area } from '../area';

/**
 * The dashboard's alert about the economy (docs/console/economy.md, docs/console/dashboard.md): imported by the
 * dashboard's page only, so it loads with its chunk and stays out of the first route.
 */
export const ECONOMY_ALERT = area(
  {
    'economyAlert.title': 'The reserve covers {weeks} weeks of the current cost',
    'economyAlert.body':
      'Once everything owed is paid, the reserve lasts {weeks} weeks at the pace of the last 14 days ({weekly} a week): fewer than the {alert} weeks set. See the Economy screen.',
  },
  {
    'economyAlert.title': '储备金只能支撑当前成本 {weeks} 周',
    'economyAlert.body':
      '付清所有欠款后，按最近 14 天的节奏（每周 {weekly}），储备金只能支撑 {weeks} 周，少于设定的 {alert} 周。详见“经济概览”页面。',
  },
);

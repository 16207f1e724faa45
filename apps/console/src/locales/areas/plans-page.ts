import { area } from '../area';

/**
 * The "Card plans" screen's own texts that load with its chunk (docs/console/plans-and-home.md): imported by its page
 * only (not by the dictionaries), so they stay out of the first route (its budget, decision 022 "The operator console").
 */
export const PLANS_PAGE = area(
  {
    'plans.loss':
      'Over its {days} days this plan’s cash back adds up to {total}, more than its price of {price}: a card could pay back its whole price. It is saved only if you confirm it as finance.',
    'plans.confirmLoss': 'I confirm this plan as finance: a card may pay back its whole price',
    'plans.refused': 'Not saved: {message}',
  },
  {
    'plans.loss':
      '该方案 {days} 天的返现合计 {total}，高于价格 {price}：一张卡可能返还全部价格。须由你以财务身份确认后才能保存。',
    'plans.confirmLoss': '我以财务身份确认此方案：一张卡可能返还全部价格',
    'plans.refused': '未保存：{message}',
  },
);

export { listMoneyStatement } from './api/list-money-statement';
export { listExchanges } from './api/list-exchanges';
export { MONEY_TYPES, MONEY_TYPE_LABELS, moneyTypeLabel, signedMoney } from './money-types';
export { listPointsStatement } from './api/list-points-statement';
export { POINTS_TYPE_LABELS, pointsTypeLabel, signedPoints } from './points-types';

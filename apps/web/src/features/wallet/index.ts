export { MONEY_TYPES, MONEY_TYPE_LABELS, moneyTypeLabel, signedMoney } from './money-types';
export { POINTS_TYPE_LABELS, pointsTypeLabel, signedPoints } from './points-types';

export { listMoneyStatement } from './api/list-money-statement';
export { listExchanges } from './api/list-exchanges';
export { MONEY_TYPES, moneyTypeLabel, signedMoney } from './money-types';

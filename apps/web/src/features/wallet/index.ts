export { listMoneyStatement } from './api/list-money-statement';
export { listExchanges } from './api/list-exchanges';
export { listBankCards } from './api/list-bank-cards';
export { listWithdrawals } from './api/list-withdrawals';

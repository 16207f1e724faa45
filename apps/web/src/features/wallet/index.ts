export { listMoneyStatement } from './api/list-money-statement';
export { listExchanges } from './api/list-exchanges';
export { listBankCards } from './api/list-bank-cards';
export { listWithdrawals } from './api/list-withdrawals';
export { usePagedList, type Page, type PagedList, type PagedStatus } from './use-paged-list';
export { LoadMoreFooter } from './components/load-more-footer';
export { MONEY_TYPES, MONEY_TYPE_LABELS, moneyTypeLabel, signedMoney } from './money-types';

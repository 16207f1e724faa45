export { BankCardList } from './components/bank-card-list';
export { BankCardForm } from './components/bank-card-form';
export { WithdrawalForm } from './components/withdrawal-form';
export { WithdrawalRecords } from './components/withdrawal-records';
export { WITHDRAWALS_PAGE_SIZE, loadWithdrawalPage } from './withdrawal-pages';
export { checkAmount, parseAmount, quoteWithdrawal, withdrawalFee } from './money';

export { exchangePoints } from './api/exchange-points';
export { getRules } from './api/get-rules';
export {
  checkExchange,
  exchangeAmount,
  maxExchangeablePoints,
  minExchangeablePoints,
  parsePoints,
  type ExchangeProblem,
  type ExchangeRule,
} from './exchange-amount';
export { ExchangeSheet, type ExchangeSheetProps } from './components/exchange-sheet';

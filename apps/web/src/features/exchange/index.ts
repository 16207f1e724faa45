export { exchangePoints } from './api/exchange-points';
export {
  EXCHANGE_CASH_PER_UNIT,
  EXCHANGE_MIN_POINTS,
  EXCHANGE_POINTS_PER_UNIT,
  checkExchange,
  exchangeAmount,
  maxExchangeablePoints,
  parsePoints,
  type ExchangeProblem,
} from './exchange-amount';
export { ExchangeSheet, type ExchangeSheetProps } from './components/exchange-sheet';

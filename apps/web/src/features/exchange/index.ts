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

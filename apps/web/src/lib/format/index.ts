export {
  CURRENCY_SYMBOL,
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatTime,
  moneyInputText,
} from './format';

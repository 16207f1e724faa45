export {
  CURRENCY_SYMBOL,
  deviceTimeZone,
  formatZonedTime,
  utcOffsetName,
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatTime,
  moneyInputText,
} from './format';

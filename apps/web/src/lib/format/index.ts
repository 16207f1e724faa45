export { CURRENCY_SYMBOL, formatCount, formatDate, formatMoney, formatNumber, formatTime } from './format';

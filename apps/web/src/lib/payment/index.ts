export {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_LIMIT_MS,
  detectIos,
  startPayment,
  type NavigatorLike,
  type PaymentEnd,
  type PaymentSession,
  type PaymentState,
  type PaymentStatus,
  type StartPaymentOptions,
} from './payment';
export { PAYMENT_PASSWORD_ANSWERS, isPaymentPasswordAnswer, type PaymentPasswordAsk } from './password';

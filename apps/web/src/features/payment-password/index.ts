export { PaymentPasswordSheet, type PaymentPasswordSheetProps } from './components/payment-password-sheet';
export { PaymentPasswordForm } from './components/payment-password-form';
export { usePaymentPassword, type PaymentPasswordStep } from './use-payment-password';

export { PaymentSelector, canPayWithBalance, type PaymentMethod, type PaymentSelectorProps } from './payment-selector';

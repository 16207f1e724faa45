import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import './payment-selector.css';

export type PaymentMethod = 'balance' | 'online';

export interface PaymentSelectorProps {
  readonly value: PaymentMethod;
  readonly onChange: (method: PaymentMethod) => void;
  /** In minor units (fen), like every amount from the server. */
  readonly balance: number;
  readonly amount: number;
  readonly label?: string;
}

export function canPayWithBalance(balance: number, amount: number): boolean {
  return balance >= amount;
}

/** Balance or online payment; balance is offered only when it covers the amount. */
export function PaymentSelector({ value, onChange, balance, amount, label }: PaymentSelectorProps) {
  const { t } = useI18n();
  const name = useId();
  const isBalanceEnough = canPayWithBalance(balance, amount);
  const options = [
    {
      method: 'balance' as const,
      title: t('pay.balance'),
      detail: isBalanceEnough
        ? t('pay.available', { amount: formatMoney(balance) })
        : t('pay.notEnough', { amount: formatMoney(balance) }),
      disabled: !isBalanceEnough,
    },
    { method: 'online' as const, title: t('pay.online'), detail: t('pay.onlineDetail'), disabled: false },
  ];
  return (
    <fieldset className="payment-selector">
      <legend className="payment-selector__legend">{label ?? t('pay.method')}</legend>
      {options.map((option) => (
        <label
          key={option.method}
          className={
            option.disabled ? 'payment-selector__option payment-selector__option--disabled' : 'payment-selector__option'
          }
        >
          <input
            type="radio"
            className="payment-selector__radio"
            name={name}
            value={option.method}
            checked={value === option.method}
            disabled={option.disabled}
            onChange={() => onChange(option.method)}
          />
          <span className="payment-selector__title">{option.title}</span>
          <span className="payment-selector__detail">{option.detail}</span>
        </label>
      ))}
    </fieldset>
  );
}

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentSelector } from './payment-selector';

describe('PaymentSelector', () => {
  it('is a named group of two named radios', () => {
    render(<PaymentSelector value="online" onChange={() => undefined} balance={5000} amount={1000} />);
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Balance/ })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Online payment/ }).checked).toBe(true);
  });

  it('offers the balance, with its amount, when it covers the price', () => {
    const onChange = vi.fn();
    render(<PaymentSelector value="online" onChange={onChange} balance={5000} amount={5000} />);
    const balance = screen.getByRole<HTMLInputElement>('radio', { name: /Balance/ });
    expect(balance.disabled).toBe(false);
    expect(screen.getByText('Available ¥50.00')).toBeTruthy();
    fireEvent.click(balance);
    expect(onChange).toHaveBeenCalledWith('balance');
  });

  it('disables the balance when it is not enough', () => {
    render(<PaymentSelector value="online" onChange={() => undefined} balance={999} amount={1000} />);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Balance/ }).disabled).toBe(true);
    expect(screen.getByText('Not enough (¥9.99)')).toBeTruthy();
  });
});

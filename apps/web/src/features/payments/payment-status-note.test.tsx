import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentStatusNote } from './payment-status-note';

describe('PaymentStatusNote', () => {
  it('says a payment closed unpaid was cancelled, not failed, and does not show it as an error', () => {
    render(<PaymentStatusNote state="failed" />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('Payment cancelled: nothing was charged');
    expect(note.className).not.toContain('payment-note--bad');
  });

  it('still marks an expired payment as a problem', () => {
    render(<PaymentStatusNote state="expired" />);
    expect(screen.getByRole('status').className).toContain('payment-note--bad');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_INTERVAL_MS, type PaymentStatus } from '../lib/payment';
import { PageActivityContext } from './page-activity';
import { usePaymentPolling } from './use-payment-polling';

function Checkout({ poll, open }: { poll: () => Promise<PaymentStatus>; open: Window['open'] }) {
  const { state, start } = usePaymentPolling();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void start({
            payUrl: 'https://pay.example/1',
            poll,
            confirmJump: () => Promise.resolve(true),
            isIos: false,
            window: { open },
          })
        }
      >
        Pay
      </button>
      <output aria-label="Payment state">{state}</output>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setUp(active = true) {
  const poll = vi.fn(() => Promise.resolve<PaymentStatus>('pending'));
  const open = vi.fn<Window['open']>(() => null);
  const view = render(
    <PageActivityContext.Provider value={active}>
      <Checkout poll={poll} open={open} />
    </PageActivityContext.Provider>,
  );
  return { poll, open, view };
}

describe('usePaymentPolling', () => {
  it('opens the tab inside the click and shows the state', async () => {
    const { poll, open } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(open).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    expect(poll).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Payment state' }).textContent).toBe('pending');
  });

  it('stops polling on unmount', async () => {
    const { poll, view } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3));
    expect(poll).not.toHaveBeenCalled();
  });

  it('stops polling when its page is covered by another', async () => {
    const { poll, open, view } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    view.rerender(
      <PageActivityContext.Provider value={false}>
        <Checkout poll={poll} open={open} />
      </PageActivityContext.Provider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3));
    expect(poll).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'Payment state' }).textContent).toBe('stopped');
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import InvestPage from './invest.page';
import { ok, serve } from '../../test/fake-server';
import { BRONZE_PLAN, testHome } from '../../test/fixtures';

const BRONZE = BRONZE_PLAN;
const HOME = testHome({ balance: 20_000 });
const ORDER = {
  id: 'order-1',
  planId: BRONZE.id,
  planName: 'Bronze',
  amount: 9_900,
  createdAt: '2026-03-02T01:00:00.000Z',
  expiresAt: '2026-03-03T01:00:00.000Z',
};
/** A payment password set, as GET /api/payment_password answers. */
const PASSWORD_SET = { isSet: true, setAt: '2026-03-01T01:00:00.000Z', lockedUntil: null, triesLeft: 5 };
const PAYMENT = {
  id: 'pay-1',
  orderId: 'order-1',
  amount: 9_900,
  payUrl: 'http://localhost/sandbox/pay/pay-1',
  expiresAt: '2026-03-02T01:30:00.000Z',
};

// The dialogs load on first use (app/dialogs.ts): loaded once here, so that first load on a busy
// machine counts against no test's time.
beforeAll(async () => {
  await import('../dialogs');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('InvestPage', () => {
  it('says plainly that no plans are on offer when the server has none', async () => {
    serve({ 'GET /api/member_card': [ok([])], 'GET /api/home': [ok(HOME)], 'GET /api/member_card/my': [ok([])] });
    render(<InvestPage />);
    expect(await screen.findByText('No membership cards are on offer yet. Please check back later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
  });

  it('buys a plan with the balance once the payment password is typed in the sheet that names the amount and what is left', async () => {
    const requests = serve({
      'GET /api/member_card': [ok([BRONZE])],
      'GET /api/home': [ok(HOME)],
      'GET /api/member_card/my': [ok([])],
      'GET /api/payment_password': [ok(PASSWORD_SET)],
      'POST /api/member_card/buy': [
        { code: 1011, message: 'Wrong payment password: 4 tries left', data: null },
        ok({ ...ORDER, payWith: 'balance', status: 'paid', paidAt: ORDER.createdAt }),
      ],
    });
    render(<InvestPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Bronze' }));
    expect(screen.getByRole('radio', { name: /Balance/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥99.00' }));

    const sheet = await screen.findByRole('dialog', { name: 'Enter your payment password' });
    expect(within(sheet).getByText('Pay ¥99.00 from your balance for Bronze')).toBeTruthy();
    expect(within(sheet).getByText('¥101.00 will be left in your balance.')).toBeTruthy();
    expect(requests.some((request) => request.key === 'POST /api/member_card/buy')).toBe(false);
    const digits = await within(sheet).findByLabelText('Payment password, 6 digits');
    fireEvent.change(digits, { target: { value: '000001' } });
    expect((await within(sheet).findByRole('alert')).textContent).toBe('Wrong payment password: 4 tries left');
    expect(screen.queryByText('Bronze is in your card wallet')).toBeNull();
    fireEvent.change(digits, { target: { value: '135790' } });

    expect((await screen.findByText('Bronze is in your card wallet')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the card wallet' })).toBeTruthy();
    const bought = requests.filter((request) => request.key === 'POST /api/member_card/buy');
    expect(bought.map((request) => request.body)).toEqual([
      {
        planId: BRONZE.id,
        payWith: 'balance',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
        paymentPassword: '000001',
      },
      {
        planId: BRONZE.id,
        payWith: 'balance',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
        paymentPassword: '135790',
      },
    ]);
  });

  it('sends nothing when the user cancels the balance payment, and asks again on the next tap', async () => {
    const requests = serve({
      'GET /api/member_card': [ok([BRONZE])],
      'GET /api/home': [ok(HOME)],
      'GET /api/member_card/my': [ok([])],
      'GET /api/payment_password': [ok(PASSWORD_SET), ok(PASSWORD_SET)],
    });
    render(<InvestPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Bronze' }));
    const pay = screen.getByRole('button', { name: 'Pay ¥99.00' });
    fireEvent.click(pay);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(pay).toHaveProperty('disabled', false));
    expect(requests.some((request) => request.key === 'POST /api/member_card/buy')).toBe(false);
    expect(screen.queryByText('Bronze is in your card wallet')).toBeNull();

    fireEvent.click(pay);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.key === 'POST /api/member_card/buy')).toBe(false);
  });

  it('pays online: opens the pay page in a new tab and polls every 5 s until paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.fn<Window['open']>(() => null);
    vi.stubGlobal('open', open);
    const requests = serve({
      'GET /api/member_card': [ok([BRONZE])],
      'GET /api/home': [ok({ ...HOME, balance: 100 })],
      'GET /api/member_card/my': [ok([])],
      'POST /api/member_card/buy': [ok({ ...ORDER, payWith: 'online', status: 'pending', paidAt: null })],
      'POST /api/pay': [ok({ ...PAYMENT, status: 'pending' })],
      'GET /api/pay/pay-1': [ok({ ...PAYMENT, status: 'pending' }), ok({ ...PAYMENT, status: 'paid' })],
    });
    render(<InvestPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Bronze' }));
    // The balance does not cover the price, so online payment is chosen.
    expect(screen.getByRole('radio', { name: /Balance/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /Online payment/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥99.00' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith(PAYMENT.payUrl, '_blank', 'noopener'));
    expect(await screen.findByText('Waiting for payment')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests.filter((request) => request.key === 'GET /api/pay/pay-1')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Bronze is in your card wallet')).toBeTruthy();
    expect(requests.find((request) => request.key === 'POST /api/pay')?.body).toEqual({
      orderId: 'order-1',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
    });
  });

  it('shows what a plan really pays back over its term and marks a plan already held', async () => {
    const silver = { ...BRONZE, id: 'plan-silver', name: 'Silver', price: 29_900, days: 90 };
    const held = {
      id: 'card-1',
      plan: BRONZE,
      status: 'active',
      startsOn: '2026-03-01',
      endsOn: '2026-03-30',
      daysLeft: 28,
      todaySteps: 0,
      todayCashBackEarned: false,
      cashBackTotal: 300,
    };
    serve({
      'GET /api/member_card': [ok([BRONZE, silver])],
      'GET /api/home': [ok(HOME)],
      'GET /api/member_card/my': [ok([held])],
    });
    render(<InvestPage />);
    // Each plan is an item of the list of plans (what its price buys is a list within it).
    const plans = (await screen.findAllByRole('listitem')).filter((item) => item.classList.contains('plan'));
    expect(plans).toHaveLength(2);
    const [bronze, silverItem] = plans.map((plan) => plan.textContent ?? '');
    expect(bronze).toContain('You hold this card');
    expect(bronze).toContain('up to ¥90.00 (¥3.00 a day × 30 days)');
    expect(silverItem).not.toContain('You hold this card');
    expect(silverItem).toContain('up to ¥270.00 (¥3.00 a day × 90 days)');
    // What the rest of the price buys, beyond the cash back (docs/product/client.md, Card plans).
    expect(bronze).toContain(
      'The cash back returns at most ¥90.00 of the ¥99.00; the other ¥9.00 pays for the points multiplier and the insurance.',
    );
    expect(silverItem).toContain('Points ×1.2 on every day of the term');
    expect(silverItem).toContain('the other ¥29.00 pays for the points multiplier and the insurance.');
  });
});

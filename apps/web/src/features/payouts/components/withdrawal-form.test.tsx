import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { call, RequestError } from '../../../lib/http';
import type { PaymentPasswordAsk } from '../../../lib/payment';
import { TEST_CARD, testWithdrawal, testWithdrawalRules } from '../../../test/payout-fixtures';
import { WithdrawalForm } from './withdrawal-form';

// The request layer is replaced: the form's calls are recorded and answered here.
vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const RULES = testWithdrawalRules();
const CARD = TEST_CARD;
const WITHDRAWAL = testWithdrawal({ amount: 12_345, fee: 124, received: 12_221 });
const PASSWORD = '135790';

/** The page's payment password sheet, typed through at once: each ask is recorded and sent with PASSWORD. */
const typedAtOnce = () =>
  vi.fn((ask: PaymentPasswordAsk) => {
    ask.send(PASSWORD).catch(() => undefined);
  });

function renderForm(overrides: Partial<Parameters<typeof WithdrawalForm>[0]> = {}) {
  const props = {
    rules: RULES,
    cards: [CARD],
    maxCards: 5,
    balance: 20_000,
    onSuccess: vi.fn(),
    onFaceCheckRequired: vi.fn(),
    onAddCard: vi.fn(),
    askPaymentPassword: typedAtOnce(),
    ...overrides,
  };
  render(<WithdrawalForm {...props} />);
  return props;
}

function typeAmount(value: string) {
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value } });
}

function sentBodies() {
  return mockedCall.mock.calls.map(([, input]) => input.body);
}

afterEach(() => {
  mockedCall.mockReset();
});

describe('WithdrawalForm', () => {
  it('shows the fee and the amount received before confirming, then sends minor units once', async () => {
    mockedCall.mockResolvedValueOnce(WITHDRAWAL);
    const askPaymentPassword = typedAtOnce();
    const props = renderForm({ askPaymentPassword });
    typeAmount('123.45');
    expect(screen.getByText('Fee ¥1.24, you receive ¥122.21')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Payout method/ }).textContent).toContain('ICBC ****5679');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(mockedCall).not.toHaveBeenCalled();
    const review = screen.getByRole('region', { name: 'Confirm withdrawal' });
    expect(review.textContent).toContain('¥123.45');
    expect(review.textContent).toContain('¥1.24');
    expect(review.textContent).toContain('¥122.21');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(props.onSuccess).toHaveBeenCalledWith(WITHDRAWAL));
    // The payment password sheet names the amount and the card, and what arrives.
    expect(askPaymentPassword).toHaveBeenCalledTimes(1);
    expect(askPaymentPassword.mock.calls[0]?.[0]).toMatchObject({
      summary: 'Withdraw ¥123.45 to ICBC ****5679',
      detail: 'You receive ¥122.21 after the ¥1.24 fee.',
    });
    const bodies = sentBodies();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ amount: 12_345, bankCardId: 'card-1', paymentPassword: PASSWORD });
    expect(JSON.stringify(bodies[0])).toMatch(/"idempotencyKey":"[0-9a-f]{32}"/);
  });

  it('sends nothing until the password is typed, and leaves a wrong one to the sheet', async () => {
    const asks: PaymentPasswordAsk[] = [];
    const props = renderForm({ askPaymentPassword: vi.fn((ask: PaymentPasswordAsk) => void asks.push(ask)) });
    typeAmount('50');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(asks).toHaveLength(1);
    expect(mockedCall).not.toHaveBeenCalled();

    const wrong = new RequestError('envelope', 1011, 'Wrong payment password: 4 tries left');
    mockedCall.mockRejectedValueOnce(wrong);
    await expect(asks[0]?.send('000001')).rejects.toBe(wrong);
    // Said in the sheet, not under the form as well.
    expect(screen.queryByText('Wrong payment password: 4 tries left')).toBeNull();
    mockedCall.mockResolvedValueOnce(testWithdrawal());
    await asks[0]?.send(PASSWORD);
    expect(props.onSuccess).toHaveBeenCalled();
    const [first, second] = sentBodies();
    expect(first).toMatchObject({ paymentPassword: '000001' });
    expect(second).toMatchObject({ paymentPassword: PASSWORD });
    // A refused try was answered: the next one is a new attempt with a new key.
    expect((first as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (second as { idempotencyKey: string }).idempotencyKey,
    );
  });

  it('refuses an amount under the minimum, over the balance or with three decimals', () => {
    renderForm();
    typeAmount('1.234');
    expect(screen.getByText('Enter an amount with at most two decimals')).toBeTruthy();
    typeAmount('9.99');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('The minimum is ¥10.00')).toBeTruthy();
    typeAmount('300');
    expect(screen.getByText('More than your balance (¥200.00)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm withdrawal' })).toBeNull();
  });

  it('retries a lost answer with the same idempotency key', async () => {
    mockedCall.mockRejectedValueOnce(new RequestError('network', 0, 'network error'));
    mockedCall.mockResolvedValueOnce(WITHDRAWAL);
    const props = renderForm();
    typeAmount('50');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(props.onSuccess).toHaveBeenCalled());
    const [first, second] = sentBodies();
    expect(first).toEqual(second);
    expect(first).toMatchObject({ amount: 5000 });
  });

  it('leads to the face check on code 1013', async () => {
    mockedCall.mockRejectedValueOnce(new RequestError('envelope', 1013, 'Please complete the face check'));
    const props = renderForm();
    typeAmount('20');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(props.onFaceCheckRequired).toHaveBeenCalledWith('Please complete the face check'));
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import type { EndpointDef, WithdrawalRules } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { TEST_CARD, testWithdrawal, testWithdrawalRules } from '../../test/payout-fixtures';
import WithdrawalPage from './withdrawal.page';

vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);
const RULES = testWithdrawalRules({ faceVerified: false });

function serve(rules: WithdrawalRules, cards: readonly unknown[] = []) {
  mockedCall.mockImplementation((endpoint: EndpointDef) => {
    switch (endpoint.id) {
      case 'withdraw.rules':
        return Promise.resolve(rules);
      case 'bankCard.list':
        return Promise.resolve(cards);
      case 'paymentPassword.get':
        return Promise.resolve({ isSet: true, setAt: '2026-01-01T00:00:00Z', lockedUntil: null, triesLeft: 5 });
      case 'withdraw.create':
        return Promise.resolve(testWithdrawal({ amount: 10_000, fee: 100, received: 9_900 }));
      case 'home.get':
        return Promise.resolve({ balance: 20_000 });
      case 'rules.get':
        return Promise.resolve({ bankCardsMax: 5, addressesMax: 20 });
      default:
        return Promise.reject(new Error(`unexpected ${endpoint.id}`));
    }
  });
}

afterEach(() => {
  mockedCall.mockReset();
});

describe('the withdraw page', () => {
  it('raises the face check first, with the way to it, and asks for no amount before it', async () => {
    serve(RULES);
    render(<WithdrawalPage />);
    expect(await screen.findByRole('heading', { name: 'Face check first' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the face check' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount')).toBeNull();
  });

  it('once the face check is done, asks for the amount and says when the money arrives', async () => {
    serve({ ...RULES, faceVerified: true, arrivalBusinessDays: 3 });
    render(<WithdrawalPage />);
    expect(await screen.findByLabelText('Amount')).toBeTruthy();
    expect(
      screen.getByText('Expected in your bank account within 3 business days of the request, once it is reviewed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Face check first' })).toBeNull();
  });

  it('sends the withdrawal once its payment password is typed in the sheet that names the amount and the card', async () => {
    serve({ ...RULES, faceVerified: true }, [TEST_CARD]);
    render(<WithdrawalPage />);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const sheet = await screen.findByRole('dialog', { name: 'Enter your payment password' });
    expect(within(sheet).getByText('Withdraw ¥100.00 to ICBC ****5679')).toBeTruthy();
    expect(within(sheet).getByText('You receive ¥99.00 after the ¥1.00 fee.')).toBeTruthy();
    expect(mockedCall.mock.calls.some(([endpoint]) => endpoint.id === 'withdraw.create')).toBe(false);
    fireEvent.change(await within(sheet).findByLabelText('Payment password, 6 digits'), {
      target: { value: '135790' },
    });
    expect(await screen.findByText('Withdrawal of ¥100.00 requested')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = mockedCall.mock.calls.find(([endpoint]) => endpoint.id === 'withdraw.create')?.[1];
    expect(sent?.body).toMatchObject({ amount: 10_000, bankCardId: TEST_CARD.id, paymentPassword: '135790' });
  });
});

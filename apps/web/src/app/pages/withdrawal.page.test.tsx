import { render, screen } from '@testing-library/react';
import type { EndpointDef, WithdrawalRules } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { testWithdrawalRules } from '../../test/payout-fixtures';
import WithdrawalPage from './withdrawal.page';

vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);
const RULES = testWithdrawalRules({ faceVerified: false });

function serve(rules: WithdrawalRules) {
  mockedCall.mockImplementation((endpoint: EndpointDef) => {
    switch (endpoint.id) {
      case 'withdraw.rules':
        return Promise.resolve(rules);
      case 'bankCard.list':
        return Promise.resolve([]);
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
});

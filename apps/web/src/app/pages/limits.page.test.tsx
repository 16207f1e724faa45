import { render, screen } from '@testing-library/react';
import type { Address, BankCard, EndpointDef } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import AddressPage from './address.page';
import WithdrawalTypePage from './withdrawal-type.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const address = (index: number): Address => ({
  id: `a-${index}`,
  name: `Person ${index}`,
  phone: '13800138000',
  region: 'Shanghai',
  detail: `${index} Century Ave`,
  isDefault: index === 0,
});
const card = (index: number): BankCard => ({
  id: `c-${index}`,
  bank: `Bank ${index}`,
  accountMasked: `**** **** **** 000${index}`,
  holderName: 'Li Na',
  createdAt: '2026-03-02T00:00:00Z',
});

/** The server's configured limits, other than the defaults (5 payout methods, 20 addresses). */
let limits = { bankCardsMax: 2, addressesMax: 3 };
let addresses: Address[] = [];
let cards: BankCard[] = [];

function answer(endpoint: EndpointDef): Promise<unknown> {
  switch (endpoint.id) {
    case 'rules.get':
      return Promise.resolve(limits);
    case 'address.list':
      return Promise.resolve(addresses);
    case 'bankCard.list':
      return Promise.resolve(cards);
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  mockedCall.mockImplementation((endpoint) => answer(endpoint));
});

afterEach(() => {
  mockedCall.mockReset();
});

const addButton = (name: string) => screen.findByRole<HTMLButtonElement>('button', { name });

describe('the limits the server answers', () => {
  it('let the address page add until the server’s maximum, then say so', async () => {
    limits = { bankCardsMax: 2, addressesMax: 3 };
    addresses = [address(0), address(1)];
    const first = render(<AddressPage />);
    expect((await addButton('Add address')).disabled).toBe(false);
    expect(screen.queryByText(/at most/)).toBeNull();
    first.unmount();

    addresses = [address(0), address(1), address(2)];
    render(<AddressPage />);
    expect((await addButton('Add address')).disabled).toBe(true);
    expect(screen.getByText('You can keep at most 3 addresses. Delete one to add another.')).toBeTruthy();
  });

  it('let the payout methods page add until the server’s maximum, then say so', async () => {
    limits = { bankCardsMax: 2, addressesMax: 3 };
    cards = [card(0)];
    const first = render(<WithdrawalTypePage />);
    expect((await addButton('Add payout method')).disabled).toBe(false);
    first.unmount();

    cards = [card(0), card(1)];
    render(<WithdrawalTypePage />);
    expect((await addButton('Add payout method')).disabled).toBe(true);
    expect(screen.getByText('You can keep at most 2 payout methods. Delete one to add another.')).toBeTruthy();
  });

  it('follow a larger maximum too', async () => {
    limits = { bankCardsMax: 8, addressesMax: 30 };
    cards = [0, 1, 2, 3, 4].map(card);
    render(<WithdrawalTypePage />);
    expect((await addButton('Add payout method')).disabled).toBe(false);
  });
});

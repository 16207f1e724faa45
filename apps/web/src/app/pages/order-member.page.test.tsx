import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EndpointDef, MembershipOrder } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import OrderMemberPage from './order-member.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const PENDING: MembershipOrder = {
  id: 'o-1',
  planId: 'plan-1',
  planName: 'Silver',
  amount: 29_900,
  payWith: 'online',
  status: 'pending',
  createdAt: '2026-03-02T08:00:00.000Z',
  paidAt: null,
  expiresAt: '2099-03-03T08:00:00.000Z',
};

function answer(endpoint: EndpointDef): Promise<unknown> {
  switch (endpoint.id) {
    case 'memberCard.orders':
      return Promise.resolve({ items: [PENDING], page: 1, pageSize: 20, total: 1, hasMore: false });
    case 'memberCard.orders.cancel':
      return Promise.resolve({ ...PENDING, status: 'cancelled' });
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

const cancelCalls = () => mockedCall.mock.calls.filter(([endpoint]) => endpoint.id === 'memberCard.orders.cancel');

beforeEach(() => {
  mockedCall.mockImplementation((endpoint) => answer(endpoint));
});

afterEach(() => {
  mockedCall.mockReset();
});

describe('the membership orders page', () => {
  it('cancels a pending order only after the user confirms, and shows it cancelled', async () => {
    render(<OrderMemberPage />);
    const cancel = await screen.findByRole('button', { name: 'Cancel order: Silver' });

    // Declined: nothing is sent.
    fireEvent.click(cancel);
    const first = await screen.findByRole('dialog');
    expect(within(first).getByText(/Cancel this order for Silver\?/)).toBeTruthy();
    // The way out says what it keeps: no "Cancel" beside "Cancel order".
    expect(within(first).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelCalls()).toHaveLength(0);

    fireEvent.click(cancel);
    const second = await screen.findByRole('dialog');
    fireEvent.click(within(second).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(cancelCalls()).toHaveLength(1));
    expect(cancelCalls()[0]?.[1]).toEqual({ params: { id: 'o-1' } });
    const order = await screen.findByRole('listitem', { name: 'Silver' });
    await waitFor(() => expect(within(order).getByText('Cancelled')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancel order: Silver' })).toBeNull();
  });
});

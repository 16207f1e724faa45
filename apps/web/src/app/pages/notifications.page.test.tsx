import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EndpointDef, Notification } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import NotificationsPage from './notifications.page';

// The request layer is replaced: the inbox answers from here and the calls are recorded.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

const mockedCall = vi.mocked(call);

const REJECTED: Notification = {
  id: 'n-1',
  kind: 'withdrawal.rejected',
  title: 'Withdrawal rejected',
  body: 'Your withdrawal of ¥50.00 was rejected: Account closed.',
  link: { path: PATHS.withdrawalDetail, query: {} },
  noticeId: null,
  createdAt: '2026-03-02T00:00:00Z',
  read: false,
};
const SHIPPED: Notification = {
  ...REJECTED,
  id: 'n-2',
  kind: 'goods-order.shipped',
  title: 'Your order has shipped',
  body: 'Carrier: SF. Tracking number: SF1.',
  link: { path: PATHS.orderShop, query: {} },
  read: true,
};

let items: Notification[] = [];

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  switch (endpoint.id) {
    case 'notification.list':
      return Promise.resolve({ items, page: 1, pageSize: 20, total: items.length, hasMore: false });
    case 'notification.read': {
      const { id } = (input as { params: { id: string } }).params;
      return Promise.resolve({ ...items.find((item) => item.id === id), read: true });
    }
    case 'notification.read-all':
      return Promise.resolve({ marked: items.filter((item) => !item.read).length });
    case 'notification.unread':
      return Promise.resolve({ unread: 0 });
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  items = [REJECTED, SHIPPED];
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
});

afterEach(() => {
  mockedCall.mockReset();
  vi.mocked(go).mockReset();
});

const calledIds = () => mockedCall.mock.calls.map(([endpoint]) => endpoint.id);

describe('the notifications page', () => {
  it('marks unread items, and a tap marks one read and opens its page', async () => {
    render(<NotificationsPage />);
    const rejected = await screen.findByRole('button', { name: /Withdrawal rejected/ });
    expect(rejected.className).toContain('notification--unread');
    expect(screen.getByRole('button', { name: /Your order has shipped/ }).className).not.toContain(
      'notification--unread',
    );
    fireEvent.click(rejected);
    expect(go).toHaveBeenCalledWith(PATHS.withdrawalDetail, {});
    await waitFor(() => expect(rejected.className).not.toContain('notification--unread'));
    expect(calledIds()).toContain('notification.read');
    // A read item opens its page without marking it again.
    fireEvent.click(screen.getByRole('button', { name: /Your order has shipped/ }));
    expect(go).toHaveBeenLastCalledWith(PATHS.orderShop, {});
    expect(calledIds().filter((id) => id === 'notification.read')).toHaveLength(1);
  });

  it('marks all read at once', async () => {
    render(<NotificationsPage />);
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    fireEvent.click(markAll);
    await waitFor(() => expect(document.querySelectorAll('.notification--unread')).toHaveLength(0));
    expect(calledIds()).toContain('notification.read-all');
    expect((markAll as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what will appear when there is nothing yet', async () => {
    items = [];
    render(<NotificationsPage />);
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });
});

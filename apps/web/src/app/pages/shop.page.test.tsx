import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Address, EndpointDef, Goods } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { showToast } from '../../components/toast';
import { call, RequestError } from '../../lib/http';
import { installNavigator, type Navigator } from '../../lib/navigation';
import { PageActivityContext } from '../../hooks';
import ShopPage from './shop.page';

// The request layer is replaced: calls are answered per endpoint id and recorded.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../components/toast', () => ({ showToast: vi.fn(() => Promise.resolve()) }));

const mockedCall = vi.mocked(call);

const GOODS: Goods = {
  id: 'g-1',
  categoryId: 'c-1',
  name: 'Water bottle',
  images: ['data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'],
  points: 1_200,
  stock: 5,
  description: 'Keeps water cold.',
};
const ADDRESSES: Address[] = [
  { id: 'a-1', name: 'Li Lei', phone: '13800138000', region: 'Shanghai', detail: '1 Century Ave', isDefault: false },
  { id: 'a-2', name: 'Han Meimei', phone: '13900139000', region: 'Beijing', detail: '2 Chang An St', isDefault: true },
];
const ORDER = {
  id: 'o-1',
  goods: GOODS,
  quantity: 2,
  points: 2_400,
  status: 'to_ship',
  address: ADDRESSES[1],
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-03-02T00:00:00Z',
  shippedAt: null,
  completedAt: null,
  cancelledAt: null,
};

let confirmReplies: (() => Promise<unknown>)[] = [];
let savedAddresses: Address[] = ADDRESSES;

function answer(endpoint: EndpointDef): Promise<unknown> {
  switch (endpoint.id) {
    case 'goods.list':
      return Promise.resolve({
        items: [GOODS],
        page: 1,
        pageSize: 20,
        total: 1,
        hasMore: false,
        categories: [{ id: 'c-1', name: 'Outdoor' }],
      });
    case 'home.get':
      return Promise.resolve({ points: 3_000 });
    case 'address.list':
      return Promise.resolve(savedAddresses);
    case 'order.confirm':
      return confirmReplies.shift()?.() ?? Promise.reject(new Error('unexpected order'));
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

function confirmBodies() {
  return mockedCall.mock.calls.filter(([endpoint]) => endpoint.id === 'order.confirm').map(([, input]) => input.body);
}

const navigateTo = vi.fn(() => Promise.resolve());
const layerClose = vi.fn();
const openLayer = vi.fn((onBack: () => void) => {
  void onBack;
  return { close: layerClose };
});

beforeEach(() => {
  mockedCall.mockImplementation((endpoint) => answer(endpoint));
  installNavigator({ navigateTo, openLayer } as unknown as Navigator);
});

afterEach(() => {
  // Cleared, not reset: the page is unmounted after this hook, and an effect that runs while it
  // unmounts still gets the same answers rather than undefined.
  mockedCall.mockClear();
  navigateTo.mockClear();
  openLayer.mockClear();
  layerClose.mockClear();
  confirmReplies = [];
  savedAddresses = ADDRESSES;
  installNavigator(undefined);
});

async function openGoods() {
  render(<ShopPage />);
  fireEvent.click(await screen.findByRole('button', { name: /Water bottle/ }));
  const detail = await screen.findByRole('dialog', { name: 'Water bottle' });
  await within(detail).findByRole('region', { name: 'Order' });
  return detail;
}

describe('the goods detail as a layer (docs/product/client.md, Navigation, Layers)', () => {
  it('owns a history entry: back closes it, its own button takes the entry out', async () => {
    await openGoods();
    expect(openLayer).toHaveBeenCalledTimes(1);
    const onBack = openLayer.mock.calls[0]![0];
    act(() => onBack());
    expect(screen.queryByRole('dialog', { name: 'Water bottle' })).toBeNull();
    // The page stays as it was: the grid is there without loading again.
    expect(screen.getByRole('button', { name: /Water bottle/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Water bottle/ }));
    const detail = await screen.findByRole('dialog', { name: 'Water bottle' });
    expect(openLayer).toHaveBeenCalledTimes(2);
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Water bottle' })).toBeNull();
    expect(layerClose).toHaveBeenCalled();
  });
});

describe('ordering in the points shop', () => {
  it('shows the total and the points left, with the default address, and orders once', async () => {
    confirmReplies = [() => Promise.resolve(ORDER)];
    const detail = await openGoods();
    expect(within(detail).getByTestId('order-total').textContent).toBe('1,200');
    expect(within(detail).getByTestId('order-left').textContent).toBe('1,800');
    expect(within(detail).getByRole('button', { name: /Han Meimei/ })).toBeTruthy();

    fireEvent.click(within(detail).getByRole('button', { name: 'One more' }));
    expect(within(detail).getByTestId('order-total').textContent).toBe('2,400');
    expect(within(detail).getByTestId('order-left').textContent).toBe('600');

    fireEvent.click(within(detail).getByRole('button', { name: 'Exchange for 2,400 points' }));
    // Nothing is spent before the second step says what it costs.
    expect(confirmBodies()).toHaveLength(0);
    expect(
      within(detail).getByRole('group', { name: 'Spend 2,400 points on 2 × Water bottle? 600 points will be left.' })
        .textContent,
    ).toContain('Ships to Han Meimei');
    fireEvent.click(within(detail).getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/pages-sub/order/shop'));
    expect(showToast).toHaveBeenCalledWith('Order placed');
    const bodies = confirmBodies();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ goodsId: 'g-1', quantity: 2, addressId: 'a-2' });
    expect(JSON.stringify(bodies[0])).toMatch(/"idempotencyKey":"[0-9a-f]{32}"/);
  });

  it('sends the chosen address', async () => {
    confirmReplies = [() => Promise.resolve(ORDER)];
    const detail = await openGoods();
    fireEvent.click(within(detail).getByRole('button', { name: /Han Meimei/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Li Lei/ }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Exchange for 1,200 points' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(confirmBodies()).toHaveLength(1));
    expect(confirmBodies()[0]).toMatchObject({ addressId: 'a-1' });
  });

  it('refuses an order beyond the points', async () => {
    const detail = await openGoods();
    fireEvent.click(within(detail).getByRole('button', { name: 'One more' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'One more' }));
    expect(within(detail).getByTestId('order-left').textContent).toBe('-600');
    expect(within(detail).getByRole('alert').textContent).toBe('Not enough points: you have 3,000');
    expect(within(detail).getByRole<HTMLButtonElement>('button', { name: 'Exchange for 3,600 points' }).disabled).toBe(
      true,
    );
  });

  it('reuses the idempotency key when a retry follows a lost answer, and not after a refusal', async () => {
    confirmReplies = [
      () => Promise.reject(new RequestError('network', 0, 'network error')),
      () => Promise.reject(new RequestError('envelope', 1007, 'Out of stock')),
      () => Promise.resolve(ORDER),
    ];
    const detail = await openGoods();
    fireEvent.click(within(detail).getByRole('button', { name: 'Exchange for 1,200 points' }));
    const confirm = () => within(detail).getByRole<HTMLButtonElement>('button', { name: 'Confirm exchange' });
    fireEvent.click(confirm());
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(confirmBodies()).toHaveLength(2));
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(navigateTo).toHaveBeenCalled());
    const [first, second, third] = confirmBodies();
    expect(second).toEqual(first);
    expect(third).not.toEqual(first);
  });

  it('orders to the first address added on the way, without another tap', async () => {
    savedAddresses = [];
    confirmReplies = [() => Promise.resolve(ORDER)];
    const page = (isActive: boolean) => (
      <PageActivityContext.Provider value={isActive}>
        <ShopPage />
      </PageActivityContext.Provider>
    );
    const { rerender } = render(page(true));
    fireEvent.click(await screen.findByRole('button', { name: /Water bottle/ }));
    const detail = await screen.findByRole('dialog', { name: 'Water bottle' });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Add a delivery address' }));
    expect(navigateTo).toHaveBeenCalledWith('/pages-sub/address/edit');
    // The address page goes on top, the user saves one and comes back to the detail as left.
    rerender(page(false));
    savedAddresses = [{ ...ADDRESSES[0]!, isDefault: true }];
    rerender(page(true));
    expect(await within(detail).findByRole('button', { name: /^Li Lei 13800138000/ })).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Exchange for 1,200 points' }));
    expect(within(detail).getByText(/^Ships to /).textContent).toContain('Ships to Li Lei');
    fireEvent.click(within(detail).getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(confirmBodies()).toHaveLength(1));
    expect(confirmBodies()[0]).toMatchObject({ addressId: 'a-1' });
  });
});

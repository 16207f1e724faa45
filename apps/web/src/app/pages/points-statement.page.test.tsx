import { fireEvent, render, screen, within } from '@testing-library/react';
import type { EndpointDef, PointsMovement } from '@stride/contract';
import { POINTS_STATEMENT_TYPES } from '@stride/contract/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POINTS_TYPE_LABELS } from '../../features/wallet';
import { call } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import type * as NavigationModule from '../../lib/navigation';
import PointsStatementPage from './points-statement.page';

// The request layer is replaced: the statement answers from here.
vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  call: vi.fn(),
}));

vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof NavigationModule>()),
  go: vi.fn(),
}));

const mockedCall = vi.mocked(call);

const movement = (
  id: string,
  type: string,
  amount: number,
  balanceAfter: number,
  links: Partial<PointsMovement> = {},
) =>
  ({
    id,
    type,
    amount,
    balanceAfter,
    receiptDay: null,
    orderId: null,
    exchangeId: null,
    createdAt: '2026-03-02T00:00:00Z',
    ...links,
  }) satisfies PointsMovement;

const MOVEMENTS = [
  movement('4', 'exchange', -100, 0, { exchangeId: 'x-1' }),
  movement('3', 'shop.order', -100, 100, { orderId: 'o-1' }),
  movement('2', 'points.release', 96, 200, { receiptDay: '2026-03-01' }),
  movement('1', 'points.collect', 104, 104, { receiptDay: '2026-03-02' }),
];

function answer(endpoint: EndpointDef): Promise<unknown> {
  if (endpoint.id !== 'points.statement') return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  return Promise.resolve({ items: MOVEMENTS, page: 1, pageSize: 20, total: MOVEMENTS.length, hasMore: false });
}

beforeEach(() => {
  mockedCall.mockImplementation((endpoint) => answer(endpoint));
});

afterEach(() => {
  mockedCall.mockReset();
  vi.mocked(go).mockReset();
});

describe('the points statement (decision 081)', () => {
  it('labels every line, signs it, shows the balance after it, newest first', async () => {
    render(<PointsStatementPage />);
    const list = await screen.findByRole('list', { name: 'Points statement' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('span')?.textContent)).toEqual([
      'Exchanged for cash',
      'Spent on goods',
      'Released after review',
      'Collected for walking',
    ]);
    expect(within(rows[0]!).getByText('-100 points')).toBeTruthy();
    expect(within(rows[0]!).getByText('Balance 0 points')).toBeTruthy();
    expect(within(rows[2]!).getByText('+96 points')).toBeTruthy();
    expect(within(rows[2]!).getByText('Balance 200 points')).toBeTruthy();
  });

  it('links each line to its receipt, goods order or exchange record', async () => {
    render(<PointsStatementPage />);
    const rows = within(await screen.findByRole('list', { name: 'Points statement' })).getAllByRole('listitem');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Receipt for 2026-03-01 ›' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.stepDay, { day: '2026-03-01' });
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'View order ›' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.orderShop);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Exchange records ›' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.exchangeRecord);
  });

  it('has a label for every type the contract lists', () => {
    expect(Object.keys(POINTS_TYPE_LABELS).sort()).toEqual([...POINTS_STATEMENT_TYPES].sort());
  });
});

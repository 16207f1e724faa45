import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PointsMovement } from '@stride/contract';
import { POINTS_STATEMENT_TYPES } from '@stride/contract/rules';
import { describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { POINTS_TYPE_LABELS } from '../../features/wallet';
import { call } from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import { answerCallsInEachTest, onePage } from '../../test/call-answers';
import PointsStatementPage from './points-statement.page';

// The request layer is replaced: the statement answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

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
  movement('0', 'points.expiry', -10, 0),
];

answerCallsInEachTest(mockedCall, { 'points.statement': () => onePage(MOVEMENTS) }, vi.mocked(go));

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
      'Expired',
    ]);
    expect(within(rows[4]!).getByText('-10 points')).toBeTruthy();
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

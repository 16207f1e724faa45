import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MoneyMovement } from '@stride/contract';
import { STATEMENT_TYPES } from '@stride/contract/rules';
import { describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import { answerCallsInEachTest, onePage } from '../../test/call-answers';
import AssetPage from './asset.page';

// The request layer is replaced: the statement answers from here and its queries are recorded.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

const mockedCall = vi.mocked(call);

const movement = (
  id: string,
  type: string,
  amount: number,
  balanceAfter: number,
  receiptDay: string | null = null,
): MoneyMovement => ({
  id,
  type,
  amount,
  balanceAfter,
  receiptDay,
  createdAt: '2026-03-02T00:00:00Z',
});
const MOVEMENTS = [
  movement('5', 'card.cashback', 300, 10_300, '2026-03-01'),
  movement('4', 'withdraw.refund', 5_000, 10_000),
  movement('3', 'withdraw.request', -5_000, 5_000),
  movement('2', 'exchange', 500, 10_000),
  movement('1', 'demo.welcome', 9_500, 9_500),
];

const sentQueries = () => mockedCall.mock.calls.map(([, input]) => input.query as Record<string, unknown>);

answerCallsInEachTest(mockedCall, { 'money.statement': () => onePage(MOVEMENTS) }, vi.mocked(go));

describe('the funds statement', () => {
  it('labels withdrawals and their refunds instead of showing raw types', async () => {
    render(<AssetPage />);
    const list = await screen.findByRole('list', { name: 'Funds statement' });
    const labels = within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.textContent);
    expect(labels).toEqual(['Card cash back', 'Withdrawal returned', 'Withdrawal', 'Points exchange', 'Welcome bonus']);
  });

  it('links a card’s cash back to the receipt of the day it was for, and only that row', async () => {
    render(<AssetPage />);
    const list = await screen.findByRole('list', { name: 'Funds statement' });
    const links = within(list).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual(['Receipt for 2026-03-01 ›']);
    fireEvent.click(links[0]!);
    expect(go).toHaveBeenCalledWith(PATHS.stepDay, { day: '2026-03-01' });
  });

  it('offers every statement type of the contract in the filter, withdrawals included', async () => {
    render(<AssetPage />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Type' });
    const values = Array.from(select.options).map((option) => option.value);
    expect(values).toEqual(['', ...STATEMENT_TYPES]);
    expect(Array.from(select.options).every((option) => !option.text.includes('.'))).toBe(true);

    fireEvent.change(select, { target: { value: 'withdraw.request' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sentQueries().at(-1)).toMatchObject({ type: 'withdraw.request' }));
  });
});

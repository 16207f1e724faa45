import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletionCheck } from '@stride/contract';
import { DeleteAccountForm } from './delete-account';

const NONE = { pendingWithdrawals: 0, unpaidOrders: 0, unshippedOrders: 0, unshippedMailings: 0 };

function serve(reply: { code: number; message: string; data: unknown }) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
    }),
  );
  return bodies;
}

function renderForm(check: AccountDeletionCheck) {
  const onDeleted = vi.fn();
  const onWithdraw = vi.fn();
  render(<DeleteAccountForm check={check} onDeleted={onDeleted} onWithdraw={onWithdraw} />);
  return { onDeleted, onWithdraw };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Delete my account' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteAccountForm', () => {
  it('states the balance to forfeit, offers to withdraw first, and asks to give it up', async () => {
    const bodies = serve({ code: 1, message: 'ok', data: { done: true, forfeited: { cash: 1_234, points: 50 } } });
    const { onDeleted, onWithdraw } = renderForm({ cash: 1_234, points: 50, blockers: NONE, canDelete: true });
    expect(screen.getByTestId('forfeit-warning').textContent).toContain('12.34');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw first' }));
    expect(onWithdraw).toHaveBeenCalledOnce();
    fill('Current password', 'walk2026far');
    fill('Type DELETE to confirm', 'DELETE');
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText(/I give up/));
    expect(submit()).toHaveProperty('disabled', false);
    fireEvent.click(submit());
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ password: 'walk2026far', confirmation: 'DELETE', forfeit: true }]);
  });

  it('lists what blocks the deletion and cannot be sent meanwhile', () => {
    renderForm({ cash: 0, points: 0, blockers: { ...NONE, pendingWithdrawals: 1 }, canDelete: false });
    expect(screen.getByTestId('deletion-blockers').textContent).toContain('withdrawals waiting to be paid: 1');
    expect(screen.queryByTestId('forfeit-warning')).toBeNull();
    fill('Current password', 'walk2026far');
    fill('Type DELETE to confirm', 'DELETE');
    expect(submit()).toHaveProperty('disabled', true);
  });
});

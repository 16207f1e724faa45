import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from './change-password-form';
import { serve } from '../../../test/fake-server';

function fillIn(current: string, next: string, confirmation = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangePasswordForm', () => {
  it('checks the two new passwords and the rule before sending anything', () => {
    const requests = serve({});
    render(<ChangePasswordForm onDone={() => undefined} />);
    fillIn('oldWalk123', 'newWalk123', 'newWalk124');
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match');
    fillIn('oldWalk123', 'lettersonly');
    expect(screen.getByRole('alert').textContent).toBe('Use 8 to 64 characters with at least one letter and one digit');
    expect(requests).toEqual([]);
  });

  it('shows the server’s refusal of a wrong current password, and can try again', async () => {
    const requests = serve({
      'POST /api/user/password/change': [
        { code: 1011, message: 'The current password is wrong', data: null },
        { code: 1, message: 'success', data: { done: true } },
      ],
    });
    const onDone = vi.fn();
    render(<ChangePasswordForm onDone={onDone} />);
    fillIn('notMine123', 'newWalk123');
    expect((await screen.findByRole('alert')).textContent).toBe('The current password is wrong');
    expect(onDone).not.toHaveBeenCalled();

    fillIn('oldWalk123', 'newWalk123');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(requests.map((request) => request.body)).toEqual([
      { oldPassword: 'notMine123', newPassword: 'newWalk123' },
      { oldPassword: 'oldWalk123', newPassword: 'newWalk123' },
    ]);
  });
});

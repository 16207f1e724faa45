import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handOverReset } from '../../features/auth';
import LoginPage from './login.page';

describe('login after a password reset', () => {
  it('says the password changed and fills in the number, once', () => {
    handOverReset('13800138000');
    const { unmount } = render(<LoginPage query={{}} />);
    expect(screen.getByRole('status').textContent).toBe('Password changed, please log in');
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('13800138000');
    unmount();

    render(<LoginPage query={{}} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('');
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PaymentPasswordStatus } from '@stride/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { answerCallsInEachTest } from '../../test/call-answers';
import { call } from '../../lib/http';
import { findNavigator, type Navigator } from '../../lib/navigation';
import PaymentPasswordPage from './payment-password.page';

// The request layer and the navigator are replaced: the payment password answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'findNavigator'));

const mockedCall = vi.mocked(call);
const NONE: PaymentPasswordStatus = { isSet: false, setAt: null, lockedUntil: null, triesLeft: 5 };
const SAVED: PaymentPasswordStatus = { isSet: true, setAt: '2026-12-04T02:00:00Z', lockedUntil: null, triesLeft: 5 };
let status: PaymentPasswordStatus = NONE;
const returnTo = vi.fn<(url: string) => Promise<void>>();

answerCallsInEachTest(
  mockedCall,
  {
    'paymentPassword.get': () => status,
    'paymentPassword.code': () => ({ expiresIn: 300, resendIn: 60 }),
    'paymentPassword.set': () => SAVED,
  },
  returnTo,
);

beforeEach(() => {
  status = NONE;
  returnTo.mockResolvedValue(undefined);
  vi.mocked(findNavigator).mockReturnValue({ returnTo } as unknown as Navigator);
});

const sets = () => mockedCall.mock.calls.filter(([endpoint]) => endpoint.id === 'paymentPassword.set');

function fill(form: HTMLElement, fields: { code: string; password: string; repeat: string }) {
  fireEvent.change(within(form).getByLabelText('Code from the SMS'), { target: { value: fields.code } });
  fireEvent.change(within(form).getByLabelText('New payment password'), { target: { value: fields.password } });
  fireEvent.change(within(form).getByLabelText('New payment password again'), { target: { value: fields.repeat } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
}

describe('the payment password page', () => {
  it('says none is set, sends the code with a countdown, and refuses what the rules refuse before saving', async () => {
    render(<PaymentPasswordPage query={{}} />);
    const form = await screen.findByRole('form', { name: 'Set your payment password' });
    expect(screen.getByText('Not set')).toBeTruthy();
    const password = within(form).getByLabelText('New payment password');
    expect([
      password.getAttribute('type'),
      password.getAttribute('inputmode'),
      password.getAttribute('maxlength'),
    ]).toEqual(['password', 'numeric', '6']);

    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('A code has been sent. It is valid for 5 minutes.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Send again in 60 s' })).toHaveProperty('disabled', true);

    fill(form, { code: '12345', password: '135790', repeat: '135790' });
    expect(within(form).getByRole('alert').textContent).toBe('Enter the 6-digit code from the SMS');
    fill(form, { code: '123456', password: '13579', repeat: '13579' });
    expect(within(form).getByRole('alert').textContent).toBe('The payment password is 6 digits');
    fill(form, { code: '123456', password: '135790', repeat: '135791' });
    expect(within(form).getByRole('alert').textContent).toBe('The two passwords do not match');
    fill(form, { code: '123456', password: '987654', repeat: '987654' });
    expect(within(form).getByRole('alert').textContent).toBe(
      'Too easy to guess: avoid one digit repeated or a run such as 123456',
    );
    fill(form, { code: '123456', password: '111111', repeat: '111111' });
    expect(within(form).getByRole('alert').textContent).toMatch(/^Too easy to guess/);
    expect(sets()).toHaveLength(0);
  });

  it('saves the code and the password, shows since when it is set, and goes back to the page that asked', async () => {
    render(<PaymentPasswordPage query={{ back: '/pages-sub/withdrawal/index' }} />);
    const form = await screen.findByRole('form', { name: 'Set your payment password' });
    fill(form, { code: '482913', password: '135790', repeat: '135790' });
    await waitFor(() => expect(returnTo).toHaveBeenCalledWith('/pages-sub/withdrawal/index'));
    expect(sets().map(([, input]) => input)).toEqual([{ body: { code: '482913', password: '135790' } }]);
    expect(await screen.findByText('Set on Dec 4, 2026')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Change or reset it' })).toBeTruthy();
  });

  it('stays on the page without a way back, and ignores a back that is not one of the app’s pages', async () => {
    render(<PaymentPasswordPage query={{ back: '//elsewhere.example/x' }} />);
    const form = await screen.findByRole('form', { name: 'Set your payment password' });
    fill(form, { code: '482913', password: '135790', repeat: '135790' });
    expect(await screen.findByText('Set on Dec 4, 2026')).toBeTruthy();
    expect(returnTo).not.toHaveBeenCalled();
  });

  it('says until when a locked one is locked, and that setting a new one unlocks it', async () => {
    status = { ...SAVED, lockedUntil: '2099-01-01T08:15:00Z', triesLeft: 0 };
    render(<PaymentPasswordPage query={{}} />);
    expect(await screen.findByText(/^Locked until /)).toBeTruthy();
    expect(screen.getByText('Too many wrong tries. Set a new one below to unlock it at once.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Change or reset it' })).toBeTruthy();
  });
});

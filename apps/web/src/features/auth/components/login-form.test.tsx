import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';
import { serve } from '../../../test/fake-server';

const CAPTCHA = { captchaId: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 };
const SESSION = {
  token: 'tok',
  user: {
    id: 'u1',
    account: '+15550001',
    inviteCode: 'ABCD1234',
    realNameStatus: 'none',
    createdAt: '2024-01-01T00:00:00Z',
  },
};

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Sign-up's acceptance as the login page composes it, here already ticked. */
const ACCEPTED = { field: null, accepted: { terms: 1, privacy: 2 }, missing: 'Tick the box first.' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('says a malformed number’s format before calling, with sign-up’s rule (7 to 15 digits)', async () => {
    const requests = serve({ 'POST /api/user/login': [{ code: 1, message: 'ok', data: SESSION }] });
    const onSuccess = vi.fn();
    render(
      <LoginForm initialMode="login" onSuccess={onSuccess} onForgotPassword={() => undefined} policies={ACCEPTED} />,
    );
    fill('Password', 'walk2026');
    for (const number of ['138001', '0138001380', '1380013800a', '1234567890123456']) {
      fill('Mobile number', number);
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(screen.getByRole('alert').textContent).toBe(
        'Enter a mobile number of 7 to 15 digits (it may start with +, not with 0).',
      );
    }
    expect(requests).toEqual([]);
    // Seven digits is a number by the rule: it is sent (and the server decides).
    fill('Mobile number', ' 1380013 ');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(requests.map((request) => request.key)).toEqual(['POST /api/user/login']);
  });

  it('shows the captcha when the server requires it (1008) and retries with it', async () => {
    const requests = serve({
      'POST /api/user/login': [
        { code: 1008, message: 'Please enter the captcha', data: null },
        { code: 1, message: 'ok', data: SESSION },
      ],
      'GET /api/captcha': [{ code: 1, message: 'ok', data: CAPTCHA }],
    });
    const onSuccess = vi.fn();
    render(
      <LoginForm initialMode="login" onSuccess={onSuccess} onForgotPassword={() => undefined} policies={ACCEPTED} />,
    );
    expect(screen.queryByLabelText('Captcha')).toBeNull();

    fill('Mobile number', '+15550001');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the captcha');
    const image = await screen.findByRole('button', { name: 'Captcha image, tap to refresh' });
    await waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toBe(CAPTCHA.image));

    fill('Captcha', 'x7k2');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(SESSION));
    expect(requests.filter((request) => request.key === 'POST /api/user/login').map((request) => request.body)).toEqual(
      [
        { account: '+15550001', password: 'secret123' },
        { account: '+15550001', password: 'secret123', captchaId: 'cap-1', captchaCode: 'x7k2' },
      ],
    );
  });

  it('shows server messages inline and stays without a captcha for wrong credentials', async () => {
    serve({ 'POST /api/user/login': [{ code: 1011, message: 'Wrong mobile number or password', data: null }] });
    render(
      <LoginForm
        initialMode="login"
        onSuccess={() => undefined}
        onForgotPassword={() => undefined}
        policies={ACCEPTED}
      />,
    );
    fill('Mobile number', '+15550001');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong mobile number or password');
    expect(screen.queryByLabelText('Captcha')).toBeNull();
  });

  it('signs up in two steps: number and captcha send a code, then code, password and invite code', async () => {
    const requests = serve({
      'GET /api/captcha': [
        { code: 1, message: 'ok', data: CAPTCHA },
        { code: 1, message: 'ok', data: { ...CAPTCHA, captchaId: 'cap-2' } },
        { code: 1, message: 'ok', data: { ...CAPTCHA, captchaId: 'cap-3' } },
      ],
      'POST /api/user/register/code': [
        { code: 1009, message: 'The captcha is wrong', data: null },
        { code: 1, message: 'ok', data: { expiresIn: 300, resendIn: 60 } },
      ],
      'POST /api/user/register': [
        { code: 1003, message: 'The SMS code is not right. 4 tries left.', data: null },
        { code: 1, message: 'ok', data: SESSION },
      ],
    });
    const onSuccess = vi.fn();
    render(
      <LoginForm
        initialMode="register"
        initialInvite="ABCD1234"
        onSuccess={onSuccess}
        onForgotPassword={() => undefined}
        policies={ACCEPTED}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Invite code (optional)').value).toBe('ABCD1234');
    expect(screen.queryByLabelText('Password')).toBeNull();
    const image = screen.getByRole('button', { name: 'Captcha image, tap to refresh' });
    await waitFor(() => expect(image.querySelector('img')).not.toBeNull());

    fill('Mobile number', '+15550001');
    fill('Captcha', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    // A wrong captcha: said once, and a fresh captcha to read.
    expect((await screen.findByRole('alert')).textContent).toBe('The captcha is wrong');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send code' }).disabled).toBe(false),
    );
    fill('Captcha', 'efgh');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'A code was sent to +15550001 by SMS. It is valid for 5 minutes.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send again in 60 s' }).disabled).toBe(true);
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    fill('SMS code', '000000');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The SMS code is not right. 4 tries left.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    fill('SMS code', '482913');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(SESSION));
    expect(requests.filter((request) => request.key.startsWith('POST')).map((request) => request.body)).toEqual([
      { account: '+15550001', captchaId: 'cap-1', captchaCode: 'abcd' },
      { account: '+15550001', captchaId: 'cap-2', captchaCode: 'efgh' },
      {
        account: '+15550001',
        password: 'secret123',
        smsCode: '000000',
        acceptedPolicies: { terms: 1, privacy: 2 },
        inviteCode: 'ABCD1234',
      },
      {
        account: '+15550001',
        password: 'secret123',
        smsCode: '482913',
        acceptedPolicies: { terms: 1, privacy: 2 },
        inviteCode: 'ABCD1234',
      },
    ]);
  });

  it('counts down to another code, which needs a fresh captcha', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const requests = serve({
        'GET /api/captcha': [
          { code: 1, message: 'ok', data: CAPTCHA },
          { code: 1, message: 'ok', data: { ...CAPTCHA, captchaId: 'cap-2' } },
        ],
        'POST /api/user/register/code': [
          { code: 1, message: 'ok', data: { expiresIn: 300, resendIn: 3 } },
          { code: 1, message: 'ok', data: { expiresIn: 300, resendIn: 60 } },
        ],
      });
      render(
        <LoginForm
          initialMode="register"
          onSuccess={() => undefined}
          onForgotPassword={() => undefined}
          policies={ACCEPTED}
        />,
      );
      const image = screen.getByRole('button', { name: 'Captcha image, tap to refresh' });
      await waitFor(() => expect(image.querySelector('img')).not.toBeNull());
      fill('Mobile number', '+15550002');
      fill('Captcha', 'abcd');
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByRole('button', { name: 'Send again in 3 s' });
      await vi.advanceTimersByTimeAsync(3_000);
      const again = await screen.findByRole<HTMLButtonElement>('button', { name: 'Send again' });
      await waitFor(() => expect(again.disabled).toBe(false));
      fill('Captcha', 'wxyz');
      fireEvent.click(again);
      await screen.findByRole('button', { name: 'Send again in 60 s' });
      expect(requests.filter((request) => request.key === 'POST /api/user/register/code').map((r) => r.body)).toEqual([
        { account: '+15550002', captchaId: 'cap-1', captchaCode: 'abcd' },
        { account: '+15550002', captchaId: 'cap-2', captchaCode: 'wxyz' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers the forgot-password link', () => {
    serve({});
    const onForgotPassword = vi.fn();
    render(
      <LoginForm
        initialMode="login"
        onSuccess={() => undefined}
        onForgotPassword={onForgotPassword}
        policies={ACCEPTED}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });
});

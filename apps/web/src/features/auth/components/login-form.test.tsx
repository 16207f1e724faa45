import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

type Reply = { code: number; message: string; data: unknown };

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

/** A fake server: answers per "METHOD path" in order, and records every request. */
function serve(routes: Record<string, Reply[]>) {
  const requests: { key: string; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    requests.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const reply = routes[key]?.shift();
    if (!reply) return Promise.reject(new TypeError(`no reply for ${key}`));
    return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('shows the captcha when the server requires it (1008) and retries with it', async () => {
    const requests = serve({
      'POST /api/user/login': [
        { code: 1008, message: 'Please enter the captcha', data: null },
        { code: 1, message: 'ok', data: SESSION },
      ],
      'GET /api/captcha': [{ code: 1, message: 'ok', data: CAPTCHA }],
    });
    const onSuccess = vi.fn();
    render(<LoginForm initialMode="login" onSuccess={onSuccess} onForgotPassword={() => undefined} />);
    expect(screen.queryByLabelText('Captcha')).toBeNull();

    fill('Mobile number', '+15550001');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the captcha');
    const image = await screen.findByRole('button', { name: 'Captcha image, tap to refresh' });
    await vi.waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toBe(CAPTCHA.image));

    fill('Captcha', 'x7k2');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(SESSION));
    expect(requests.filter((request) => request.key === 'POST /api/user/login').map((request) => request.body)).toEqual(
      [
        { account: '+15550001', password: 'secret123' },
        { account: '+15550001', password: 'secret123', captchaId: 'cap-1', captchaCode: 'x7k2' },
      ],
    );
  });

  it('shows server messages inline and stays without a captcha for wrong credentials', async () => {
    serve({ 'POST /api/user/login': [{ code: 1011, message: 'Wrong mobile number or password', data: null }] });
    render(<LoginForm initialMode="login" onSuccess={() => undefined} onForgotPassword={() => undefined} />);
    fill('Mobile number', '+15550001');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong mobile number or password');
    expect(screen.queryByLabelText('Captcha')).toBeNull();
  });

  it('signs up with the invite code from the link and gets a fresh captcha after a failure', async () => {
    const requests = serve({
      'GET /api/captcha': [
        { code: 1, message: 'ok', data: CAPTCHA },
        { code: 1, message: 'ok', data: { ...CAPTCHA, captchaId: 'cap-2' } },
      ],
      'POST /api/user/register': [{ code: 1005, message: 'This mobile number is already registered', data: null }],
    });
    render(
      <LoginForm
        initialMode="register"
        initialInvite="ABCD1234"
        onSuccess={() => undefined}
        onForgotPassword={() => undefined}
      />,
    );
    const invite = screen.getByLabelText<HTMLInputElement>('Invite code (optional)');
    expect(invite.value).toBe('ABCD1234');
    const image = screen.getByRole('button', { name: 'Captcha image, tap to refresh' });
    await vi.waitFor(() => expect(image.querySelector('img')).not.toBeNull());

    fill('Mobile number', '+15550001');
    fill('Password', 'secret123');
    fill('Captcha', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This mobile number is already registered');
    await vi.waitFor(() => expect(requests.filter((request) => request.key === 'GET /api/captcha')).toHaveLength(2));
    expect(requests.find((request) => request.key === 'POST /api/user/register')?.body).toEqual({
      account: '+15550001',
      password: 'secret123',
      captchaId: 'cap-1',
      captchaCode: 'abcd',
      inviteCode: 'ABCD1234',
    });
  });

  it('offers the forgot-password link', () => {
    serve({});
    const onForgotPassword = vi.fn();
    render(<LoginForm initialMode="login" onSuccess={() => undefined} onForgotPassword={onForgotPassword} />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });
});

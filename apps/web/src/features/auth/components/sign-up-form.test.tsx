import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';
import { type Reply, ok, serve } from '../../../test/fake-server';

const captchaOf = (n: number) => ({ captchaId: `cap-${n}`, image: `data:image/png;base64,${n}`, expiresIn: 300 });
const SENT = { expiresIn: 300, resendIn: 60 };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

const captchaImage = () => screen.getByRole('button', { name: 'Captcha image, tap to refresh' }).querySelector('img');
const captchaField = () => screen.getByLabelText<HTMLInputElement>('Captcha', { selector: 'input' });
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send code' });

const ACCEPTED = { field: null, accepted: { terms: 1, privacy: 1 }, missing: 'Tick the box first.' };

function renderForm() {
  render(
    <SignUpForm header={null} onSuccess={() => undefined} onForgotPassword={() => undefined} policies={ACCEPTED} />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignUpForm', () => {
  it('cannot send a code before the captcha has loaded', async () => {
    serve({ 'GET /api/captcha': [ok(captchaOf(1))] });
    renderForm();
    expect(sendButton().disabled).toBe(true);
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(1).image));
    expect(sendButton().disabled).toBe(false);
  });

  it('says a refusal once, in one place, and keeps a captcha the server did not look at', async () => {
    const requests = serve({
      'GET /api/captcha': [ok(captchaOf(1))],
      'POST /api/user/register/code': [
        { code: 1003, message: 'Mobile number: must be a mobile number of 7 to 15 digits', data: null },
        ok(SENT),
      ],
    });
    renderForm();
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(1).image));
    fill('Mobile number', '12');
    fill('Captcha', 'x7k2');
    fireEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Mobile number: must be a mobile number of 7 to 15 digits');
    // Said once: one alert, no other copy of the sentence anywhere on the form.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.body.textContent?.split('must be a mobile number').length).toBe(2);
    // The captcha was not used: same picture, the answer still typed, and it can be sent again.
    expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(1).image);
    expect(captchaField().value).toBe('x7k2');
    await waitFor(() => expect(sendButton().disabled).toBe(false));

    fill('Mobile number', '13912345678');
    fireEvent.click(sendButton());
    await screen.findByLabelText('SMS code', { selector: 'input' });
    expect(requests.filter((request) => request.key === 'GET /api/captcha')).toHaveLength(1);
    expect(requests.filter((request) => request.key === 'POST /api/user/register/code').at(-1)?.body).toEqual({
      account: '13912345678',
      captchaId: 'cap-1',
      captchaCode: 'x7k2',
    });
  });

  it.each([
    ['a wrong or expired captcha', { code: 1009, message: 'The captcha is wrong or has expired', data: null }],
    ['a code refused by the limits', { code: 1006, message: 'Too many codes for this number today', data: null }],
  ])('after %s shows a new captcha with its field emptied, and waits for it', async (_, refusal: Reply) => {
    const requests = serve({
      'GET /api/captcha': [ok(captchaOf(1)), ok(captchaOf(2))],
      'POST /api/user/register/code': [refusal],
    });
    renderForm();
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(1).image));
    fill('Mobile number', '13912345678');
    fill('Captcha', 'x7k2');
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.message);
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(2).image));
    expect(captchaField().value).toBe('');
    expect(screen.queryByLabelText('SMS code', { selector: 'input' })).toBeNull();
    expect(requests.filter((request) => request.key === 'GET /api/captcha')).toHaveLength(2);
  });

  it('does not let the spent captcha send again while the new one loads', async () => {
    let release: (reply: Reply) => void = () => undefined;
    const second = new Promise<Reply>((resolve) => (release = resolve));
    const replies: Promise<Reply>[] = [Promise.resolve(ok(captchaOf(1))), second];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        const reply = url.endsWith('/api/captcha')
          ? replies.shift()
          : Promise.resolve({ code: 1009, message: 'The captcha is wrong or has expired', data: null });
        return (reply ?? Promise.reject(new TypeError(url))).then((body) => new Response(JSON.stringify(body)));
      }),
    );
    renderForm();
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(1).image));
    fill('Mobile number', '13912345678');
    fill('Captcha', 'x7k2');
    fireEvent.click(sendButton());
    await screen.findByRole('alert');
    expect(sendButton().disabled).toBe(true);
    release(ok(captchaOf(2)));
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toBe(captchaOf(2).image));
    expect(sendButton().disabled).toBe(false);
  });
});

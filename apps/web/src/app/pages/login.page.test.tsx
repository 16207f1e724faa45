import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Rules } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOverLoginNotice } from '../../features/auth';
import { WELCOME_SEEN_KEY } from '../../features/auth/welcome-seen';
import { PageTitleContext } from '../../hooks';
import type * as NavigationModule from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import LoginPage from './login.page';
import { testUser } from '../../test/fixtures';

vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof NavigationModule>()),
  reLaunch: vi.fn(() => Promise.resolve()),
}));

/** Rules other than the defaults: the welcome must say these, not numbers of its own. */
const RULES: Rules = {
  bankCardsMax: 5,
  addressesMax: 20,
  exchangePointsPerUnit: 50,
  exchangeCashPerUnit: 30,
  exchangeMinPoints: 100,
  stepsPerPoint: 80,
  pointsDailyMax: 250,
  inviteRewardPoints: 300,
  inviteQualifyingSteps: 4_000,
  supportContact: null,
};

const SESSION = {
  token: 'tok',
  user: testUser({ account: '13800138000' }),
};

let logins: unknown[] = [];

beforeEach(() => {
  logins = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname;
      const reply = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'ok', data })));
      if (path === '/api/rules') return reply(RULES);
      if (path === '/api/policies') return reply({ terms: { version: 1 }, privacy: { version: 1 } });
      if (path === '/api/user/login') {
        logins.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
        return reply(SESSION);
      }
      return Promise.resolve(new Response(JSON.stringify({ code: 1010, message: 'Not available', data: null })));
    }),
  );
});

afterEach(() => {
  window.localStorage.removeItem(WELCOME_SEEN_KEY);
  userStore.clear();
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the login page for a newcomer (decision 082)', () => {
  it('welcomes a first open with the server’s own numbers, until dismissed', async () => {
    const { unmount } = render(<LoginPage query={{}} />);
    const welcome = await screen.findByRole('region', { name: 'Welcome to Stride' });
    await waitFor(() => expect(welcome.getAttribute('aria-busy')).toBe('false'));
    expect(welcome.textContent).toContain('every 80 steps earn 1 point, up to 250 points a day');
    expect(welcome.textContent).toContain('50 points make ¥0.30');
    expect(welcome.textContent).toContain('first walks 4,000 steps in a day, you both get 300 points');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Welcome to Stride' })).toBeNull();
    unmount();

    render(<LoginPage query={{}} />);
    await screen.findByLabelText('Mobile number');
    expect(screen.queryByTestId('welcome')).toBeNull();
  });

  it('holds the welcome’s place while the rules are read, its lines hidden, and drops it if they cannot be read (decision 089)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname;
        if (path === '/api/rules') return new Promise<Response>((resolve) => (answer = resolve));
        return Promise.resolve(new Response(JSON.stringify({ code: 1010, message: 'Not available', data: null })));
      }),
    );
    render(<LoginPage query={{}} />);
    const welcome = await screen.findByRole('region', { name: 'Welcome to Stride' });
    expect(welcome.getAttribute('aria-busy')).toBe('true');
    const lines = welcome.querySelector('ul');
    expect(lines?.getAttribute('aria-hidden')).toBe('true');
    expect(lines?.className).toContain('welcome__lines--held');
    expect(lines?.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Got it' })).toBeTruthy();
    answer(new Response(JSON.stringify({ code: 1010, message: 'Not available', data: null })));
    await waitFor(() => expect(screen.queryByTestId('welcome')).toBeNull());
  });

  it('is not shown again once the user has signed in on this device', async () => {
    const { unmount } = render(<LoginPage query={{}} />);
    await screen.findByTestId('welcome');
    fill('Mobile number', '13800138000');
    fill('Password', 'walk2026');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(userStore.getState().isLogged).toBe(true));
    expect(logins).toEqual([{ account: '13800138000', password: 'walk2026' }]);
    unmount();
    userStore.clear();

    render(<LoginPage query={{}} />);
    await screen.findByLabelText('Mobile number');
    expect(screen.queryByTestId('welcome')).toBeNull();
  });

  it('titles the page after the tab chosen: Sign up, then Log in again', () => {
    const setTitle = vi.fn();
    render(
      <PageTitleContext.Provider value={setTitle}>
        <LoginPage query={{}} />
      </PageTitleContext.Provider>,
    );
    expect(setTitle).toHaveBeenLastCalledWith('title.login');
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(setTitle).toHaveBeenLastCalledWith('title.register');
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(setTitle).toHaveBeenLastCalledWith('title.login');
  });

  it('opened from an invite link, it is titled Sign up from the start', () => {
    const setTitle = vi.fn();
    render(
      <PageTitleContext.Provider value={setTitle}>
        <LoginPage query={{ invite: 'ABCD1234' }} />
      </PageTitleContext.Provider>,
    );
    expect(setTitle).toHaveBeenLastCalledWith('title.register');
  });

  it('says once, after the account was deleted, that it is gone and what happened to the data', async () => {
    handOverLoginNotice({ kind: 'accountDeleted' });
    const { unmount } = render(<LoginPage query={{}} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Your account has been deleted.');
    expect(notice.textContent).toContain('the money history stays in the books without your name');
    // Not a newcomer: no welcome, now or later.
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBe('1');
    expect(screen.queryByTestId('welcome')).toBeNull();
    unmount();

    render(<LoginPage query={{}} />);
    await screen.findByLabelText('Mobile number');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing after a logout', () => {
    handOverLoginNotice({ kind: 'signedOut' });
    render(<LoginPage query={{}} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says once that the session ended, when no dialog said so', async () => {
    handOverLoginNotice({ kind: 'sessionEnded', message: 'Your session has ended. Please log in again.' });
    const { unmount } = render(<LoginPage query={{}} />);
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Please log in again.');
    unmount();

    render(<LoginPage query={{}} />);
    await screen.findByLabelText('Mobile number');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

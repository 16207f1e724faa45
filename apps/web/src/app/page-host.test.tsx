import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../lib/storage';
import { installNavigator, type Navigator } from '../lib/navigation';
import { App } from './app';
import { setUpNavigation } from './navigation';
import { testHome, testUser } from '../test/fixtures';

let navigator: Navigator | undefined;

function serveNotAvailable() {
  const fetch = vi.fn((_input: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 1010, message: 'Not available yet', data: null }), { status: 200 }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function open(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  navigator = setUpNavigation();
  render(<App navigator={navigator} />);
  await navigator.start();
}

afterEach(() => {
  navigator?.stop();
  installNavigator(undefined);
  userStore.clear();
  vi.unstubAllGlobals();
});

describe('page host', () => {
  it('shows a deep-linked page with its title and a back button that goes home', async () => {
    userStore.setSession('tok', testUser());
    serveNotAvailable();
    await open('#/pages-sub/card/index');
    expect(await screen.findByRole('heading', { name: 'Card wallet' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Not available yet');
    expect(screen.queryByRole('navigation', { name: 'Stride' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const greeting = await screen.findByText('Hello, +15**0001');
    const home = greeting.closest('section');
    expect(home).not.toBeNull();
    expect(within(home as HTMLElement).queryByRole('button', { name: 'Back' })).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Stride' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Home', 'Invite', 'Mall', 'My']);
    expect(within(tabs).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('retries the main call from the status tip', async () => {
    userStore.setSession('tok', testUser());
    const fetch = serveNotAvailable();
    await open('#/');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    // Besides the guard's one question about changed policies (decision 046 "Policies and consent"), home is read
    // twice.
    const homeCalls = () => fetch.mock.calls.filter(([url]) => url.includes('/api/home')).length;
    await waitFor(() => expect(homeCalls()).toBe(2));
    expect(
      fetch.mock.calls.filter(([url]) => !url.includes('/api/home')).map(([url]) => new URL(url).pathname),
    ).toEqual(['/api/consents']);
  });

  it('logs in and continues to the remembered page', async () => {
    const session = {
      token: 'tok',
      user: testUser(),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              input.endsWith('/api/user/login')
                ? { code: 1, message: 'ok', data: session }
                : { code: 1010, message: 'Not available yet', data: null },
            ),
            { status: 200 },
          ),
        ),
      ),
    );
    await open(`#/pages/login/index?redirect=${encodeURIComponent('/pages-sub/card/index?from=login')}`);
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '+15550001' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Card wallet' })).toBeTruthy();
    expect(navigator?.getStack().map((entry) => entry.url)).toEqual(['/pages-sub/card/index?from=login']);
    expect(userStore.getState()).toMatchObject({ token: 'tok', isLogged: true });
  });

  it('sends a logged-out visitor to login', async () => {
    serveNotAvailable();
    await open('#/pages/my/index');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.hash).toBe(`#/pages/login/index?redirect=${encodeURIComponent('/pages/my/index')}`);
    expect(document.title).toBe('Log in · Stride');
    // The Sign up tab titles the page, in its head and in the browser (decision 082 "A newcomer's first screens").
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Sign up', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign up · Stride'));
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log in · Stride'));
  });

  it('keeps a tab page alive across switchTab: home is the same page when the user comes back', async () => {
    userStore.setSession('tok', testUser());
    const fetch = serveNotAvailable();
    await open('#/');
    const homeSection = (await screen.findByText('Hello, +15**0001')).closest('section');
    const homeCalls = () => fetch.mock.calls.filter(([url]) => url.endsWith('/api/home')).length;
    await waitFor(() => expect(homeCalls()).toBe(1));

    const tabs = screen.getByRole('navigation', { name: 'Stride' });
    fireEvent.click(within(tabs).getByRole('button', { name: 'My' }));
    await waitFor(() => expect(window.location.hash).toBe('#/pages/my/index'));
    await waitFor(() => expect(homeSection?.hidden).toBe(true));
    // Home stays mounted, hidden, below the page shown; my assets reads its own figures.
    expect(homeSection?.isConnected).toBe(true);
    await waitFor(() => expect(homeCalls()).toBe(2));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Stride' })).getByRole('button', { name: 'Home' }));
    await waitFor(() => expect(homeSection?.hidden).toBe(false));
    expect(screen.getByText('Hello, +15**0001').closest('section')).toBe(homeSection);
    // Shown again, it reads its figures again (decision 076 "Screens that stay current"), quietly, in the same page.
    await waitFor(() => expect(homeCalls()).toBe(3));
    const myPage = document.querySelector('section[data-route="/pages/my/index"]');
    expect(myPage?.hasAttribute('hidden')).toBe(true);
  });

  it('shows what changed on the server meanwhile when the user switches tabs and comes back', async () => {
    userStore.setSession('tok', testUser());
    // A held day: 0 points, ¥0.00, under review. An operator clears it while the user is on home.
    const held = testHome({
      utcOffsetMinutes: 480,
      steps: 1_000,
      earnedPoints: 84,
      multiplier: 1.2,
      review: {
        status: 'flagged',
        reasons: ['regularRhythm'],
        flaggedAt: '2026-03-02T01:00:00Z',
        decidedAt: null as string | null,
      },
    });
    let home = held;
    const fetch = vi.fn((input: string, _init?: RequestInit) => {
      const isHome = new URL(input).pathname === '/api/home';
      const body = isHome
        ? { code: 1, message: 'success', data: home }
        : { code: 1010, message: 'Not available yet', data: null };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    await open('#/');
    await waitFor(() => expect(screen.getByTestId('home-points').textContent).toBe('0'));
    expect(screen.getByText('Under review', { exact: false })).toBeTruthy();

    home = {
      ...held,
      points: 84,
      balance: 300,
      collectedPoints: 84,
      review: { ...held.review, status: 'cleared', decidedAt: '2026-03-02T02:00:00Z' },
    };
    // The tab bar by its buttons' text: a role query over the whole of home is slow in jsdom.
    const tab = (name: string) =>
      within(document.querySelector<HTMLElement>('.tab-bar') ?? document.body).getByText(name);
    fireEvent.click(tab('My'));
    await waitFor(() => expect(window.location.hash).toBe('#/pages/my/index'));
    fireEvent.click(tab('Home'));
    const homePage = screen.getByTestId('home-points').closest('section.page');
    await waitFor(() => expect(homePage?.hasAttribute('hidden')).toBe(false));
    await waitFor(() => expect(screen.getByTestId('home-points').textContent).toBe('84'));
    expect(screen.getByTestId('home-balance').textContent).toBe('¥3.00');
    expect(screen.queryByText('Under review', { exact: false })).toBeNull();
  });
});

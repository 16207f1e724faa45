import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { PATHS, go } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import { MY_GROUPS } from '../my-menu';
import { PAGE_TITLES } from '../page-titles';
import { supportHref } from '../../features/account';
import MyPage from './my.page';
import { testHome, testUser } from '../../test/fixtures';

vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

const HOME = testHome({ utcOffsetMinutes: 480, points: 5_000, balance: 200_000 });

const USER = testUser({ account: '13800138000', realNameStatus: 'verified', createdAt: '2026-01-01T00:00:00Z' });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname;
      const data = path === '/api/home' ? HOME : path === '/api/cards/mine' ? [] : null;
      const body =
        data === null
          ? { code: 1010, message: 'No companion package is configured', data }
          : { code: 1, message: 'ok', data };
      return Promise.resolve(new Response(JSON.stringify(body)));
    }),
  );
  userStore.setSession('tok', USER);
});

afterEach(() => {
  userStore.clear();
  vi.mocked(go).mockReset();
  vi.unstubAllGlobals();
});

describe('MyPage', () => {
  it('lists every page once, in groups with a heading, each row named by its visible text', async () => {
    render(<MyPage />);
    await screen.findByTestId('my-balance');
    const paths = MY_GROUPS.flatMap((group) => group.entries.flatMap((entry) => ('path' in entry ? [entry.path] : [])));
    expect(new Set(paths).size).toBe(paths.length);
    const navs = screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-labelledby'));
    expect(navs).toEqual(MY_GROUPS.map((group) => `my-group-${group.key}`));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Active cards', 'Wallet & cards', 'Shop', 'Walking', 'Account & security', 'About']);
    // The funds statement is one entry now, in the wallet group (it was also a button by the balance).
    expect(screen.getAllByRole('button', { name: 'Funds statement' })).toHaveLength(1);
    const rows = [...document.querySelectorAll<HTMLButtonElement>('button.my-row')];
    expect(rows).toHaveLength(paths.length + 2); // and the inbox and language rows
    for (const row of rows) {
      const visible = [...row.querySelectorAll('.my-row__label, .my-row__value')].map((part) => part.textContent);
      expect(screen.getByRole('button', { name: visible.join(' ') })).toBe(row);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Step sources' }));
    expect(go).toHaveBeenCalledWith(PATHS.stepSources);
    expect(PAGE_TITLES[PATHS.stepSources]).toBe('title.stepSources');
  });

  it('heads the page with the masked number (or the nickname) and the verification, opening the profile', async () => {
    render(<MyPage />);
    const head = screen.getByRole('button', { name: '138****8000 Verified' });
    fireEvent.click(head);
    expect(go).toHaveBeenCalledWith(PATHS.profile);
    userStore.setUserInfo({ ...USER, nickname: '小明' });
    expect(await screen.findByRole('button', { name: '小明 Verified' })).toBeTruthy();
  });

  it('names the operator’s support contact in About, as a link to write to it (decision 082)', async () => {
    const rules = {
      bankCardsMax: 5,
      addressesMax: 20,
      exchangePointsPerUnit: 100,
      exchangeCashPerUnit: 100,
      exchangeMinPoints: 100,
      stepsPerPoint: 100,
      pointsDailyMax: 200,
      inviteRewardPoints: 500,
      inviteQualifyingSteps: 5_000,
      supportContact: { kind: 'email', value: 'help@walk.example.com' },
    };
    const served = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation((input, init) =>
      new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname === '/api/rules'
        ? Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'ok', data: rules })))
        : (served as typeof fetch)(input, init),
    );
    render(<MyPage />);
    const about = screen.getByRole('navigation', { name: 'About' });
    const link = await within(about).findByRole('link', { name: 'Contact support help@walk.example.com' });
    expect(link.getAttribute('href')).toBe('mailto:help@walk.example.com');
  });

  it('leads a phone contact to a call and an address to its page', () => {
    expect(supportHref({ kind: 'phone', value: '+86 400-123-4567' })).toBe('tel:+864001234567');
    expect(supportHref({ kind: 'url', value: 'https://walk.example.com/help' })).toBe('https://walk.example.com/help');
  });

  it('changes the language from a sheet', async () => {
    render(<MyPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Language English' }));
    const sheet = await screen.findByRole('dialog', { name: 'Language' });
    fireEvent.click(within(sheet).getByRole('button', { name: /简体中文/ }));
    expect(await screen.findByRole('heading', { name: '钱包与卡' })).toBeTruthy();
  });
});

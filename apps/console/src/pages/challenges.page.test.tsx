import type { ConsoleChallenge } from '@stride/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '../test/browser';
import ChallengesPage, { createBody, periodDays } from './challenges.page';

// The challenges screen (docs/product/challenges.md): editors create and end public challenges, finance funds their
// prize pool from a named prize fund.

const SETTLED: ConsoleChallenge = {
  id: '00000000-0000-4000-8000-000000000001',
  scope: 'public',
  title: 'Autumn league',
  description: '',
  kind: 'most-steps',
  startsOn: '2026-10-01',
  endsOn: '2026-10-31',
  dailySteps: null,
  daysNeeded: null,
  winners: 3,
  prizePoints: 10_000,
  state: 'settled',
  fundingAccount: 'system:prizes:autumn',
  fundedAt: '2026-09-30T10:00:00Z',
  participants: 120,
  teams: 0,
  winnersCount: 3,
  paidPoints: 9_999,
  returnedPoints: 1,
  settledAt: '2026-11-02T01:00:00Z',
  heldParticipants: 0,
  endedReason: null,
  hidden: false,
  createdBy: 'editor-1',
  createdAt: '2026-09-20T10:00:00Z',
  version: 4,
};
const UPCOMING: ConsoleChallenge = {
  ...SETTLED,
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Winter walk',
  kind: 'daily-goal',
  startsOn: '2026-12-10',
  endsOn: '2026-12-16',
  dailySteps: 8_000,
  daysNeeded: 5,
  winners: null,
  state: 'upcoming',
  fundingAccount: null,
  fundedAt: null,
  participants: 0,
  winnersCount: null,
  paidPoints: null,
  returnedPoints: null,
  settledAt: null,
  version: 1,
};

let sent: { method: string; url: string; body: unknown }[] = [];

function answer(method: string, url: string): unknown {
  if (url === '/api/console/me') {
    return {
      id: 'op-1',
      name: 'Olga',
      roles: ['editor', 'finance'],
      csrfToken: 'x',
      totpEnrolled: true,
      stage: 'full',
    };
  }
  if (method === 'GET' && url.startsWith('/api/console/challenges?')) {
    return { items: [SETTLED, UPCOMING], page: 1, pageSize: 20, total: 2, hasMore: false };
  }
  if (method === 'GET' && url.includes('/participants')) {
    return {
      items: [
        {
          userId: 'u-1',
          name: '138****0001',
          club: null,
          joinedAt: '2026-10-01T00:00:00Z',
          steps: 420_000,
          pendingSteps: 0,
          goalDays: 0,
          place: 1,
          prizePoints: 3_333,
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
      hasMore: false,
    };
  }
  if (url.endsWith('/fund')) return { ...UPCOMING, fundingAccount: 'system:prizes:winter-2026', version: 2 };
  if (url.endsWith('/end')) return { ...UPCOMING, state: 'cancelled', endedReason: 'Venue closed', version: 2 };
  return { ...UPCOMING, title: 'Spring walk' };
}

beforeEach(() => {
  sent = [];
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    return Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'ok', data: answer(method, url) })));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function showPage() {
  render(
    <App>
      <ChallengesPage />
    </App>,
  );
}

/** The dialog of that title (the edit dialogs are in the page while closed, so they are told apart by it). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find(
      (each) => each.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!modal) throw new Error(`no dialog ${title}`);
    return modal;
  });
}

/** The table of challenges, without the dialogs' texts. */
const table = () => within(document.querySelector<HTMLElement>('.ant-table')!);

/** The page, and the dialog its table's `button` opens on Winter walk. */
async function openFor(button: string, title: string): Promise<HTMLElement> {
  showPage();
  await screen.findByText('Winter walk');
  fireEvent.click(await table().findByText(button));
  return dialogTitled(title);
}

/** Clicks a dialog's button and lets its submit start. */
async function press(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

async function sentTo(suffix: string) {
  await waitFor(() => expect(sent.some((each) => each.method === 'POST' && each.url.endsWith(suffix))).toBe(true));
  return sent.find((each) => each.method === 'POST' && each.url.endsWith(suffix));
}

describe('challenges screen', () => {
  it('lists public challenges with their funding and settlement figures', async () => {
    showPage();
    // Text queries, not role queries: computing roles over antd's tree is slow under jsdom.
    expect(await screen.findByText('Autumn league')).toBeTruthy();
    expect(sent.some((each) => each.url === '/api/console/challenges?page=1&pageSize=20&scope=public')).toBe(true);
    expect(screen.getByTestId('challenge-funding').textContent).toBe('system:prizes:autumn');
    expect(screen.getByText('Not funded')).toBeTruthy();
    expect(screen.getByText('9,999')).toBeTruthy();
    expect(screen.getByText('Returned to the fund')).toBeTruthy();
    expect(screen.getByText('8,000 steps a day on 5 days')).toBeTruthy();
    // Only an open challenge can be funded or ended; a settled one shows neither.
    expect(await table().findAllByText('End early')).toHaveLength(1);
    expect(table().getAllByText('Fund')).toHaveLength(1);

    fireEvent.click(table().getAllByText('Participants', { selector: 'button span' })[0]!);
    const dialog = await dialogTitled('Participants of Autumn league');
    expect(await within(dialog).findByText('138****0001')).toBeTruthy();
    expect(within(dialog).getByText('3,333')).toBeTruthy();
  }, 60_000);

  it('funds a pool from a prize fund whose name it checks, naming the ledger account', async () => {
    const dialog = await openFor('Fund', 'Fund Winter walk');
    const input = within(dialog).getByLabelText('Prize fund');
    fireEvent.change(input, { target: { value: 'Winter Fund' } });
    await press(within(dialog).getAllByText('Fund').at(-1)!);
    expect(
      await within(dialog).findByText('2 to 40 lower-case letters, digits or dashes, starting with a letter or digit.'),
    ).toBeTruthy();
    expect(sent.some((each) => each.url.endsWith('/fund'))).toBe(false);

    fireEvent.change(input, { target: { value: 'winter-2026' } });
    expect(await within(dialog).findByText('Ledger account: system:prizes:winter-2026')).toBeTruthy();
    await press(within(dialog).getAllByText('Fund').at(-1)!);
    const fund = await sentTo('/fund');
    expect(fund?.url).toBe(`/api/console/challenges/${UPCOMING.id}/fund`);
    expect(fund?.body).toEqual({ fund: 'winter-2026', version: 1 });
  }, 60_000);

  it('ends an open challenge early with a reason', async () => {
    const dialog = await openFor('End early', 'End Winter walk early');
    fireEvent.change(within(dialog).getByLabelText('Reason (participants see it)'), {
      target: { value: ' Venue closed ' },
    });
    await press(within(dialog).getByText('OK'));
    const end = await sentTo('/end');
    expect(end?.url).toBe(`/api/console/challenges/${UPCOMING.id}/end`);
    expect(end?.body).toEqual({ reason: 'Venue closed', version: 1 });
  }, 60_000);

  it('creates a public challenge with the goal of its kind and its prize pool', async () => {
    showPage();
    fireEvent.click(await screen.findByText('New public challenge', { selector: 'button span' }));
    const dialog = await dialogTitled('New public challenge');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Spring walk' } });
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2027-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2027-06-30' } });
    await press(within(dialog).getByText('OK'));
    // 122 days: more than an operator's 92.
    expect(
      await within(dialog).findByText('The last day is on or after the first, 92 days at most in all.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2027-03-31' } });
    fireEvent.change(within(dialog).getByLabelText('Prize pool (points)'), { target: { value: '5000' } });
    await press(within(dialog).getByText('OK'));
    const create = await sentTo('/api/console/challenges');
    expect(create?.body).toEqual({
      title: 'Spring walk',
      description: '',
      startsOn: '2027-03-01',
      endsOn: '2027-03-31',
      rules: { kind: 'daily-goal', dailySteps: 8000, daysNeeded: 5 },
      prizePoints: 5000,
    });
  }, 60_000);

  it('sends only the goal fields of the kind, and counts a period’s days with both ends', () => {
    const form = {
      title: ' League ',
      startsOn: '2027-01-01',
      endsOn: '2027-01-31',
      kind: 'team-total' as const,
      dailySteps: 8000,
      daysNeeded: 5,
      winners: 2,
      prizePoints: 0,
    };
    expect(createBody(form).rules).toEqual({ kind: 'team-total', winners: 2 });
    expect(createBody(form).title).toBe('League');
    expect(periodDays('2027-01-01', '2027-01-31')).toBe(31);
    expect(periodDays('2027-01-31', '2027-01-01')).toBe(0);
  });
});

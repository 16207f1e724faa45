import type { ConsoleClub } from '@stride/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '../test/browser';
import ClubsPage from './clubs.page';

// The editors' clubs screen (docs/console/clubs.md): search, the badge, closing with a reason.

const CLUB: ConsoleClub = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Morning walkers',
  code: 'WALK2345',
  ownerId: '00000000-0000-4000-8000-000000000002',
  ownerMobileMasked: '138****0000',
  members: 1_234,
  verified: false,
  verifiedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  closedAt: null,
  closedReason: null,
  version: 4,
};
const EMPTIED: ConsoleClub = {
  ...CLUB,
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Gone walkers',
  code: 'GONE2345',
  members: 0,
  closedAt: '2026-11-21T02:00:00.000Z',
  closedReason: 'empty',
  version: 2,
};

let sent: { method: string; url: string; body: unknown }[] = [];
/** What the next action answers: the changed club, or a refusal. */
let answer: { code: number; message: string; data: unknown };

beforeEach(() => {
  sent = [];
  answer = { code: 1, message: 'ok', data: CLUB };
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    const envelope =
      init.method === 'POST'
        ? answer
        : { code: 1, message: 'ok', data: { items: [CLUB, EMPTIED], page: 1, pageSize: 20, total: 2, hasMore: false } };
    return Promise.resolve(new Response(JSON.stringify(envelope)));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const show = () =>
  render(
    <App>
      <ClubsPage />
    </App>,
  );

describe('clubs screen', () => {
  it('searches by name or code and lists each club with its owner, members and why it closed', async () => {
    show();
    expect(await screen.findByText('Morning walkers')).toBeTruthy();
    expect(screen.getAllByText('138****0000')).toHaveLength(2);
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('Its last member left')).toBeTruthy();
    // A closed club takes no more actions: one Verify and one Close, for the open one.
    expect(screen.getAllByText('Verify')).toHaveLength(1);

    fireEvent.change(screen.getByPlaceholderText('A part of the name, or the code'), {
      target: { value: ' walk2345 ' },
    });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(sent.at(-1)?.url).toContain('q=walk2345'));
    expect(sent.at(-1)?.url).toMatch(/^\/api\/console\/clubs\?/);
  });

  it('verifies at the version shown, and closes with the reason typed', async () => {
    show();
    fireEvent.click(await screen.findByText('Verify'));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        url: `/api/console/clubs/${CLUB.id}/verify`,
        body: { version: 4 },
      }),
    );
    expect(await screen.findByText('Morning walkers is verified.')).toBeTruthy();

    fireEvent.click(screen.getByText('Close'));
    const dialog = await waitFor(() => {
      const modal = document.querySelector<HTMLElement>('.ant-modal');
      if (!modal) throw new Error('no dialog');
      return modal;
    });
    expect(within(dialog).getByText('Close Morning walkers')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (every member sees it)'), {
      target: { value: 'Offensive name' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByText('OK'));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST').at(-1)).toEqual({
        method: 'POST',
        url: `/api/console/clubs/${CLUB.id}/close`,
        body: { version: 4, reason: 'Offensive name' },
      }),
    );
    expect(await screen.findByText('Morning walkers is closed.')).toBeTruthy();
  }, 60_000);

  it('shows a stale page’s refusal and reads the list again', async () => {
    answer = { code: 1017, message: 'Someone changed this meanwhile.', data: null };
    show();
    fireEvent.click(await screen.findByText('Verify'));
    expect(await screen.findByText('Someone changed this meanwhile.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2));
  });
});

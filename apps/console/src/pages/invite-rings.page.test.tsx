import type { ConsoleInviteReward, InviteGraph } from '@stride/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import InviteRingsPage from './invite-rings.page';

// The reviewers' Invite rings screen (docs/console/reviewer.md, Invite rings).

const [A, B, C] = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const HELD: ConsoleInviteReward = {
  id: C,
  invitee: { userId: C, mobile: '139****0003' },
  inviter: { userId: B, mobile: '139****0002' },
  day: '2026-11-18',
  points: 500,
  status: 'held',
  signals: [
    {
      signal: 'chain',
      shares: ['card'],
      accounts: [
        { userId: C, mobile: '139****0003' },
        { userId: B, mobile: '139****0002' },
        { userId: A, mobile: '139****0001' },
      ],
      count: 3,
      devices: null,
      minutes: null,
    },
    { signal: 'burst', shares: [], accounts: [], count: 6, devices: null, minutes: 60 },
  ],
  heldAt: '2026-11-18T10:00:00.000Z',
  decidedAt: null,
};
const GRAPH: InviteGraph = {
  focus: C,
  nodes: [
    { userId: A, mobile: '139****0001', invitedBy: null, joinedAt: '2026-11-01T10:00:00.000Z', reward: null },
    {
      userId: B,
      mobile: '139****0002',
      invitedBy: A,
      joinedAt: '2026-11-02T10:00:00.000Z',
      reward: { status: 'paid', points: 500 },
    },
    {
      userId: C,
      mobile: '139****0003',
      invitedBy: B,
      joinedAt: '2026-11-03T10:00:00.000Z',
      reward: { status: 'held', points: 500 },
    },
  ],
  links: [{ a: A, b: C, shares: ['card'] }],
  truncated: false,
};

const ok = (data: unknown) => ({ code: 1, message: 'ok', data });
const page = (items: ConsoleInviteReward[]) =>
  ok({ items, page: 1, pageSize: 20, total: items.length, hasMore: false });

let sent: SentRequest[] = [];
let decision: { code: number; message: string; data: unknown };

beforeEach(() => {
  decision = ok({ ...HELD, status: 'paid' });
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer((request) => {
    if (request.method === 'POST') return decision;
    if (request.url.startsWith('/api/console/invite-graph')) {
      return request.url.includes('q=')
        ? ok({ matches: [{ userId: C, mobile: '139****0003' }], clusters: [], graph: GRAPH })
        : ok({ matches: [], clusters: [{ inviter: HELD.inviter, held: 4, invitees: 9 }], graph: null });
    }
    return page(request.url.includes('status=decided') ? [] : [HELD]);
  });
  return endBrowserTest;
});

const rowOf = async () => (await screen.findByText('139****0003')).closest('tr') as HTMLElement;

async function openDecision(name: 'Release' | 'Refuse') {
  fireEvent.click(within(await rowOf()).getByRole('button', { name }));
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no dialog');
    return modal;
  });
}

describe('invite rings screen', () => {
  it('lists a held reward with its signals in words, and the inviters with the most held rewards', async () => {
    renderInApp(<InviteRingsPage />);
    const row = await rowOf();
    const list = sent.find((request) => request.url.startsWith('/api/console/invite-rewards?'));
    expect(list?.url).toContain('status=held');
    expect(within(row).getByText('139****0002')).toBeTruthy();
    expect(within(row).getByText('Shares a payout card with 139****0001, further up the invitations')).toBeTruthy();
    expect(within(row).getByText('139****0003 · 139****0002 · 139****0001')).toBeTruthy();
    expect(within(row).getByText('6 of the inviter’s invitees signed up within 60 minutes')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    expect(await screen.findByText('4 held of 9 invitees')).toBeTruthy();
    expect(sent.some((request) => request.url === '/api/console/invite-graph')).toBe(true);
  }, 60_000);

  it('shows the tree around the invitee with its rewards and what accounts share', async () => {
    renderInApp(<InviteRingsPage />);
    fireEvent.click(within(await rowOf()).getByRole('button', { name: 'Tree' }));
    const tree = await screen.findByTestId('ring-tree');
    expect(sent.at(-1)?.url).toBe(`/api/console/invite-graph?q=${C}`);
    const top = within(tree).getByTestId('ring-node-139****0001');
    const invitee = within(top).getByTestId('ring-node-139****0003');
    expect(within(top).getByText('Shares a payout card with 139****0003')).toBeTruthy();
    expect(within(invitee).getByText('Shares a payout card with 139****0001')).toBeTruthy();
    expect(within(invitee).getByText('looked up')).toBeTruthy();
    expect(within(invitee).getAllByText('Held').length).toBeGreaterThan(0);
    expect(within(within(top).getByTestId('ring-node-139****0002')).getByText('Paid')).toBeTruthy();
  }, 60_000);

  it('releases with the note written, then reloads the list', async () => {
    renderInApp(<InviteRingsPage />);
    const dialog = await openDecision('Release');
    expect(within(dialog).getByText('Release the invite reward of 139****0003')).toBeTruthy();
    expect(within(dialog).getByText('500 points each to 139****0003 and 139****0002, now and once.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (kept in the audit log)'), {
      target: { value: '  Siblings on one phone  ' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')).toEqual({
        method: 'POST',
        url: `/api/console/invite-rewards/${C}/decide`,
        body: { decision: 'release', note: 'Siblings on one phone' },
      }),
    );
    expect(await screen.findByText('Invite reward released; both are told.')).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((request) => request.url.startsWith('/api/console/invite-rewards?')).length).toBe(2),
    );
  }, 60_000);

  it('refuses, and a reward decided meanwhile reloads the list with a word', async () => {
    decision = { code: 1017, message: 'Someone changed this meanwhile.', data: null };
    renderInApp(<InviteRingsPage />);
    const dialog = await openDecision('Refuse');
    expect(within(dialog).getByText('Nothing is paid, and it cannot be paid later.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ decision: 'refuse' }),
    );
    expect(await screen.findByText('Someone decided this reward meanwhile; the list was reloaded.')).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((request) => request.url.startsWith('/api/console/invite-rewards?')).length).toBe(2),
    );
  }, 60_000);
});

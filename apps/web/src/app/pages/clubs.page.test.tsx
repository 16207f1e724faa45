import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Club, ClubMember, EndpointDef } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import ClubsPage from './clubs.page';

// One club's page (docs/product/clubs.md): its members a page of 50 at a time, "More members" for the next; a report
// beside each member but me (docs/product/moderation.md).
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const CLUB: Club = {
  id: 'club-1',
  name: 'Morning walkers',
  verified: true,
  members: 120,
  owner: { id: 'u-0', name: 'Owner', avatarUrl: null },
  isOwner: false,
  code: 'WALK2345',
  link: 'https://stride.example/#/pages-sub/clubs/index?code=WALK2345',
};

const member = (index: number): ClubMember => ({
  id: `u-${index}`,
  name: `Walker ${index}`,
  avatarUrl: null,
  joinedAt: '2026-11-20T00:00:00.000Z',
  owner: index === 0,
  // The reader is the fourth member, and shares no steps: the board does not say who they are.
  me: index === 3,
});

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  switch (endpoint.id) {
    case 'club.get': {
      const { page, pageSize } = (input as { query: { page: number; pageSize: number } }).query;
      const first = (page - 1) * pageSize;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, CLUB.members - first)) }, (_, i) =>
        member(first + i),
      );
      return Promise.resolve({
        club: CLUB,
        members: { items, page, pageSize, total: CLUB.members, hasMore: first + items.length < CLUB.members },
      });
    }
    case 'club.board':
      return Promise.resolve({
        period: 'today',
        from: '2026-11-22',
        to: '2026-11-22',
        sharing: false,
        ranked: 0,
        entries: [],
      });
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
});

afterEach(() => {
  mockedCall.mockReset();
});

const pagesAsked = () =>
  mockedCall.mock.calls
    .filter(([endpoint]) => endpoint.id === 'club.get')
    .map(([, input]) => (input as { query: { page: number } }).query.page);

describe('a club’s members', () => {
  it('loads the next page of 50 with More members until every member is listed', async () => {
    render(<ClubsPage query={{ id: 'club-1' }} />);
    expect(await screen.findByText('Walker 49')).toBeTruthy();
    expect(screen.getAllByTestId('club-member')).toHaveLength(50);
    expect(screen.queryByText('Walker 50')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'More members' }));
    expect(await screen.findByText('Walker 99')).toBeTruthy();
    expect(screen.getAllByTestId('club-member')).toHaveLength(100);

    fireEvent.click(screen.getByRole('button', { name: 'More members' }));
    expect(await screen.findByText('Walker 119')).toBeTruthy();
    expect(screen.getAllByTestId('club-member')).toHaveLength(120);
    // All are listed: no more to load.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More members' })).toBeNull());
    expect(pagesAsked()).toEqual([1, 2, 3]);
  });

  it('offers Report beside every other member, never beside my own row', async () => {
    render(<ClubsPage query={{ id: 'club-1' }} />);
    expect(await screen.findByText('Walker 49')).toBeTruthy();
    const rows = screen.getAllByTestId('club-member');
    const reportable = rows.filter((row) => within(row).queryByRole('button', { name: 'Report' }) !== null);
    expect(reportable).toHaveLength(49);
    expect(within(rows[3] as HTMLElement).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(rows[4] as HTMLElement).getByRole('button', { name: 'Report' })).toBeTruthy();
  });
});

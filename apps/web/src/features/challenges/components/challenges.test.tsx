import type { Club } from '@stride/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testChallenge as challenge } from '../../../test/fixtures';
import { languageStore, t } from '../../../lib/i18n';
import { rulesText } from '../rules';
import { ChallengeBoard } from './challenge-board';
import { blankDraft, ChallengeForm, checkDraft } from './challenge-form';
import { ChallengeHead, ChallengeResultCard, type ChallengeHeadProps } from './challenge-view';

afterEach(() => languageStore.set('en'));

const TODAY = '2026-12-01';

const club = (id: string, name: string, isOwner: boolean): Club => ({
  id,
  name,
  verified: false,
  members: 3,
  owner: { id: 'u-1', name: 'Ann', avatarUrl: null },
  isOwner,
  code: `CODE${id}`,
  link: `https://stride.example/c/${id}`,
});

/** The challenge's head, at rest, with no-op actions but those given. */
const head = (props: Partial<ChallengeHeadProps> & Pick<ChallengeHeadProps, 'challenge'>) => (
  <ChallengeHead
    onJoin={vi.fn()}
    onLeave={vi.fn()}
    onCancel={vi.fn()}
    onCopy={vi.fn()}
    isBusy={false}
    error={undefined}
    {...props}
  />
);

describe('the new challenge form', () => {
  it('refuses what the server would, with the contract’s limits', () => {
    const draft = { ...blankDraft(TODAY), title: 'Walk week' };
    expect(checkDraft({ ...draft, title: ' x ' }, TODAY).error).toBe('challenges.error.title');
    expect(checkDraft({ ...draft, title: 'two\nlines' }, TODAY).error).toBe('challenges.error.title');
    expect(checkDraft({ ...draft, title: 'a'.repeat(41) }, TODAY).error).toBe('challenges.error.title');
    expect(checkDraft({ ...draft, scope: 'club' }, TODAY).error).toBe('challenges.error.club');
    expect(checkDraft({ ...draft, kind: 'team-total' }, TODAY).error).toBe('challenges.error.club');
    expect(checkDraft({ ...draft, startsOn: '2026-11-30' }, TODAY)).toEqual({
      error: 'challenges.error.start',
      params: { days: 60 },
    });
    expect(
      checkDraft({ ...draft, startsOn: '2027-01-30', endsOn: '2027-01-30', daysNeeded: '1' }, TODAY).error,
    ).toBeUndefined();
    expect(checkDraft({ ...draft, startsOn: '2027-01-31', endsOn: '2027-01-31' }, TODAY).error).toBe(
      'challenges.error.start',
    );
    expect(checkDraft({ ...draft, endsOn: '2026-11-30' }, TODAY).error).toBe('challenges.error.end');
    // 31 days, the first and last included, and not one more.
    expect(checkDraft({ ...draft, endsOn: '2026-12-31' }, TODAY).error).toBeUndefined();
    expect(checkDraft({ ...draft, endsOn: '2027-01-01' }, TODAY).error).toBe('challenges.error.end');
    expect(checkDraft({ ...draft, dailySteps: '999' }, TODAY).error).toBe('challenges.error.dailySteps');
    expect(checkDraft({ ...draft, dailySteps: '100001' }, TODAY).error).toBe('challenges.error.dailySteps');
    expect(checkDraft({ ...draft, dailySteps: '8000.5' }, TODAY).error).toBe('challenges.error.dailySteps');
    expect(checkDraft({ ...draft, daysNeeded: '8' }, TODAY)).toEqual({
      error: 'challenges.error.daysNeeded',
      params: { days: 7 },
    });
    expect(checkDraft({ ...draft, daysNeeded: '0' }, TODAY).error).toBe('challenges.error.daysNeeded');
    const places = { ...draft, kind: 'most-steps' as const };
    expect(checkDraft({ ...places, winners: '0' }, TODAY).error).toBe('challenges.error.winners');
    expect(checkDraft({ ...places, winners: '101' }, TODAY).error).toBe('challenges.error.winners');
  });

  it('sends the trimmed title, the period and only the goal of its kind', () => {
    const draft = { ...blankDraft(TODAY), title: '  Walk week  ' };
    expect(checkDraft(draft, TODAY)).toEqual({
      body: {
        title: 'Walk week',
        scope: 'friends',
        startsOn: '2026-12-01',
        endsOn: '2026-12-07',
        rules: { kind: 'daily-goal', dailySteps: 8000, daysNeeded: 5 },
      },
    });
    expect(checkDraft({ ...draft, kind: 'team-total', clubId: 'club-1', winners: '2' }, TODAY)).toEqual({
      body: {
        title: 'Walk week',
        scope: 'friends',
        clubId: 'club-1',
        startsOn: '2026-12-01',
        endsOn: '2026-12-07',
        rules: { kind: 'team-total', winners: 2 },
      },
    });
  });

  it('shows the first problem, then posts the body for a club I own', async () => {
    const onCreate = vi.fn(() => Promise.resolve(true));
    render(
      <ChallengeForm
        today={TODAY}
        clubs={[club('club-1', 'Morning Walkers', true), club('club-2', 'Not mine', false)]}
        initialClubId="club-1"
        onCreate={onCreate}
        isBusy={false}
        error={undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make the challenge' }));
    expect(screen.getByRole('alert').textContent).toBe('A title has 2 to 40 characters, on one line.');
    expect(onCreate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Club steps' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Who may join').value).toBe('club');
    const clubs = screen.getByLabelText<HTMLSelectElement>('Club');
    expect(clubs.value).toBe('club-1');
    // Only the clubs I own are offered.
    expect(within(clubs).queryByText('Not mine')).toBeNull();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'most-steps' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-10' } });
    expect(screen.getByText('10 days')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Winning places'), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the challenge' }));
    expect(screen.getByRole('alert').textContent).toBe('Winning places are 1 to 100.');

    fireEvent.change(screen.getByLabelText('Winning places'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the challenge' }));
    expect(onCreate).toHaveBeenCalledWith({
      title: 'Club steps',
      scope: 'club',
      clubId: 'club-1',
      startsOn: '2026-12-01',
      endsOn: '2026-12-10',
      rules: { kind: 'most-steps', winners: 3 },
    });
    // Sent: the form starts again.
    expect(await screen.findByDisplayValue('')).toBeTruthy();
  });
});

describe('the rules in plain words', () => {
  const BOARD =
    'Your name and steps in this challenge are shown to its participants if you share your steps on the Friends page; otherwise you appear as ‘A walker’.';

  it('states a daily goal, its finishers’ prize and who sees the board', () => {
    languageStore.set('en');
    expect(rulesText(challenge({ prizePoints: 10_000 }), t, 'en')).toEqual([
      'Reach 8,000 steps a day on 5 of the 7 days from Dec 1 to Dec 7.',
      'Only credited steps count: a day under review shows apart and counts once cleared. Someone with no step in the period cannot win.',
      'Prize pool 10,000 points, shared equally by the finishers.',
      BOARD,
    ]);
  });

  it('states most steps and club totals, with their winning places and ties', () => {
    const mostSteps = rulesText(
      challenge({ kind: 'most-steps', dailySteps: null, daysNeeded: null, winners: 3 }),
      t,
      'en',
    );
    expect(mostSteps[0]).toBe('Walk the most steps from Dec 1 to Dec 7 (7 days): the first 3 places win.');
    expect(mostSteps[1]).toBe('The same steps share a place; a place shared at the edge wins for all who share it.');
    expect(mostSteps[3]).toBe('No prize: it is for the walking. Nobody pays to join.');
    const teams = rulesText(
      challenge({ kind: 'team-total', dailySteps: null, daysNeeded: null, winners: 1, prizePoints: 600 }),
      t,
      'en',
    );
    expect(teams[0]).toBe(
      'Clubs against clubs from Dec 1 to Dec 7 (7 days): a club’s total is its walkers’ steps, and the walkers of the first club win.',
    );
    expect(teams[3]).toBe('Prize pool 600 points, shared equally by the winners.');
    expect(teams[4]).toBe(BOARD);
  });

  it('are shown before joining, and joining a club total sends the club I walk for', () => {
    const onJoin = vi.fn();
    render(
      head({
        challenge: challenge({ kind: 'team-total', dailySteps: null, daysNeeded: null, winners: 1, code: null }),
        teams: { clubs: [club('club-2', 'Evening Striders', false)], inIt: new Set(['club-2']), onEnter: vi.fn() },
        onJoin,
      }),
    );
    const rules = screen.getByRole('list', { name: 'The rules' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByTestId('challenge-state').textContent).toBe('Upcoming · 7 days left · starts Dec 1');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoin).toHaveBeenCalledWith('club-2');
    expect(screen.queryByRole('button', { name: 'Leave the challenge' })).toBeNull();
  });

  it('says why a challenge was called off', () => {
    render(head({ challenge: challenge({ state: 'cancelled', daysLeft: 0, endedReason: 'Bad weather.' }) }));
    expect(screen.getByTestId('challenge-reason').textContent).toBe(
      'Called off: Bad weather. There are no results and nobody is paid.',
    );
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.queryByTestId('challenge-code')).toBeNull();
  });
});

describe('reporting a challenge’s title', () => {
  it('is offered on one another user made, not on my own nor on the service’s', () => {
    const onReport = vi.fn();
    const { rerender } = render(head({ challenge: challenge(), onReport }));
    fireEvent.click(screen.getByRole('button', { name: 'Report the challenge’s title' }));
    expect(onReport).toHaveBeenCalledTimes(1);
    rerender(head({ challenge: challenge({ isCreator: true }), onReport }));
    expect(screen.queryByRole('button', { name: 'Report the challenge’s title' })).toBeNull();
    rerender(head({ challenge: challenge({ creator: null, scope: 'public' }), onReport }));
    expect(screen.queryByRole('button', { name: 'Report the challenge’s title' })).toBeNull();
  });
});

describe('the board', () => {
  it('shows someone who does not share as “A walker”, my own place, and the clubs', () => {
    render(
      <ChallengeBoard
        withGoalDays={false}
        board={{
          ranked: 140,
          refreshedAt: '2026-12-03T08:00:00Z',
          entries: [
            {
              rank: 1,
              person: null,
              steps: 52_000,
              pendingSteps: 0,
              goalDays: 0,
              team: { id: 'club-2', name: 'Evening Striders', verified: false },
              me: false,
              former: false,
            },
            {
              rank: 2,
              person: null,
              steps: 40_000,
              pendingSteps: 0,
              goalDays: 0,
              team: null,
              me: false,
              former: true,
            },
            {
              rank: 120,
              person: { id: 'u-me', name: 'Bea', avatarUrl: null },
              steps: 9_000,
              pendingSteps: 4_000,
              goalDays: 0,
              team: { id: 'club-1', name: 'Morning Walkers', verified: true },
              me: true,
              former: false,
            },
          ],
          teams: [
            {
              rank: 1,
              club: { id: 'club-2', name: 'Evening Striders', verified: false },
              steps: 300_000,
              pendingSteps: 0,
              participants: 12,
              mine: false,
            },
            {
              rank: 2,
              club: { id: 'club-1', name: 'Morning Walkers', verified: true },
              steps: 250_000,
              pendingSteps: 4_000,
              participants: 10,
              mine: true,
            },
          ],
        }}
      />,
    );
    const rows = screen.getAllByTestId('challenge-entry');
    expect(within(rows[0]!).getByText('A walker')).toBeTruthy();
    expect(within(rows[0]!).getByText('52,000')).toBeTruthy();
    expect(within(rows[1]!).getByText('A former member')).toBeTruthy();
    expect(within(rows[2]!).getByText('Bea (me)')).toBeTruthy();
    expect(within(rows[2]!).getByLabelText('Place 120')).toBeTruthy();
    expect(within(rows[2]!).getByText('4,000 waiting for review')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Clubs' });
    const teams = within(table).getAllByTestId('challenge-team');
    expect(teams.map((row) => row.textContent)).toEqual([
      '1Evening Striders12300,000',
      '2Morning Walkers (my club)10250,000 4,000 waiting for review',
    ]);
    expect(screen.getByText('The first 100 of 140, and you')).toBeTruthy();
    expect(screen.getByText(/^Updated /)).toBeTruthy();
  });
});

describe('the result', () => {
  it('shows my place, that I won, the points paid and the way to the points statement', () => {
    const onStatement = vi.fn();
    render(
      <ChallengeResultCard
        challenge={challenge({
          kind: 'most-steps',
          state: 'settled',
          daysLeft: 0,
          result: { place: 2, won: true, prizePoints: 3_333, steps: 61_000 },
        })}
        onStatement={onStatement}
      />,
    );
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('You won!');
    expect(screen.getByTestId('challenge-prize').textContent).toBe('3,333 points');
    expect(screen.getByText('61,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See it in my points statement ›' }));
    expect(onStatement).toHaveBeenCalledTimes(1);
  });

  it('says a daily goal was finished, and shows no prize line when none was paid', () => {
    render(
      <ChallengeResultCard
        challenge={challenge({ state: 'settled', result: { place: null, won: false, prizePoints: 0, steps: 20_000 } })}
        onStatement={vi.fn()}
      />,
    );
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Not this time. Thanks for walking!');
    expect(screen.queryByTestId('challenge-prize')).toBeNull();
    expect(screen.queryByRole('button', { name: 'See it in my points statement ›' })).toBeNull();
  });
});

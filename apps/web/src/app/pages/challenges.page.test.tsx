import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Challenge } from '@stride/contract';
import { describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import { answerCallsInEachTest } from '../../test/call-answers';
import { testChallenge } from '../../test/fixtures';
import ChallengesPage from './challenges.page';

// The request layer is replaced: the challenges answer from here and the calls are recorded.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

const mockedCall = vi.mocked(call);

const CHALLENGE = testChallenge({
  state: 'running',
  daysLeft: 4,
  participants: 4,
  joined: true,
  progress: { steps: 30_000, pendingSteps: 6_000, goalDays: 3, pendingDays: 1, place: null, finished: false },
});
const PUBLIC: Challenge = {
  ...CHALLENGE,
  id: 'ch-2',
  scope: 'public',
  title: 'Winter league',
  kind: 'most-steps',
  dailySteps: null,
  daysNeeded: null,
  winners: 3,
  prizePoints: 10_000,
  creator: null,
  joined: false,
  code: null,
  link: null,
  progress: null,
};
const BOARD = { ranked: 1, entries: [], teams: [], refreshedAt: null };

answerCallsInEachTest(
  mockedCall,
  {
    'challenge.list': () => ({ mine: [CHALLENGE], open: [PUBLIC] }),
    'club.list': () => ({ clubs: [] }),
    'challenge.get': () => ({
      ...PUBLIC,
      state: 'settled',
      daysLeft: 0,
      joined: true,
      result: { place: 1, won: true, prizePoints: 10_000, steps: 90_000 },
    }),
    'challenge.by-code': () => ({ ...CHALLENGE, joined: false, progress: null }),
    'challenge.join': () => CHALLENGE,
    'challenge.board': () => BOARD,
    'challenge.create': (input) => ({
      ...CHALLENGE,
      id: 'ch-9',
      title: (input as { body: { title: string } }).body.title,
    }),
  },
  vi.mocked(go),
);

describe('the challenges page', () => {
  it('lists mine with my progress and days left, and those open to me', async () => {
    render(<ChallengesPage query={{}} />);
    const mine = await screen.findByRole('region', { name: 'My challenges' });
    const row = within(mine).getByTestId('challenge');
    expect(within(row).getByText('Running · 4 days left')).toBeTruthy();
    const bar = within(row).getByLabelText<HTMLProgressElement>('My progress in December walk');
    expect([bar.value, bar.max]).toEqual([3, 5]);
    const open = screen.getByRole('region', { name: 'Open to join' });
    expect(within(open).getByText('Most steps · 4 walkers · 10,000 points to win')).toBeTruthy();
    fireEvent.click(within(open).getByText('Winter league'));
    expect(go).toHaveBeenLastCalledWith(PATHS.challenges, { id: 'ch-2' });

    fireEvent.change(screen.getByLabelText('Challenge code'), { target: { value: ' WALK42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.challenges, { code: 'WALK42' });
  });

  it('makes a challenge from the form and opens it', async () => {
    render(<ChallengesPage query={{}} />);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Walk week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the challenge' }));
    await waitFor(() => expect(go).toHaveBeenLastCalledWith(PATHS.challenges, { id: 'ch-9' }));
    // The toast says so. Awaited: the kit that shows it loads lazily, and a toast shown after the test ended would
    // render once the file's window is gone (test/setup.ts unmounts the kit's roots after each test).
    expect(await screen.findByText('Walk week is made: share its code.')).toBeTruthy();
    const sent = mockedCall.mock.calls.find(([endpoint]) => endpoint.id === 'challenge.create')?.[1];
    expect(sent?.body).toMatchObject({
      title: 'Walk week',
      scope: 'friends',
      rules: { kind: 'daily-goal', dailySteps: 8000, daysNeeded: 5 },
    });
  });

  it('opens a code’s challenge with its rules, and joins it with the code', async () => {
    render(<ChallengesPage query={{ code: 'WALK42' }} />);
    expect(await screen.findByText('Reach 8,000 steps a day on 5 of the 7 days from Dec 1 to Dec 7.')).toBeTruthy();
    expect(mockedCall).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'challenge.by-code' }),
      { query: { code: 'WALK42' } },
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Leave the challenge' })).toBeTruthy();
    expect(await screen.findByText(`You joined ${CHALLENGE.title}`)).toBeTruthy();
    expect(mockedCall).toHaveBeenCalledWith(expect.objectContaining({ id: 'challenge.join' }), {
      params: { id: 'ch-1' },
      body: { code: 'WALK42' },
    });
    // My progress, with the steps a review holds shown apart.
    expect(screen.getByTestId('challenge-steps').textContent).toBe('30,000');
    expect(screen.getByText('6,000')).toBeTruthy();
    expect(screen.getByText('3 of 5')).toBeTruthy();
  });

  it('shows a settled challenge’s result with the way to the points statement', async () => {
    render(<ChallengesPage query={{ id: 'ch-2' }} />);
    expect(await screen.findByText('You won!')).toBeTruthy();
    expect(screen.getByTestId('challenge-state').textContent).toBe('Ended with results');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See it in my points statement ›' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.pointsStatement);
    // Its board answered too: nothing of the page is still loading when the test ends.
    expect(await screen.findByText('No steps on the board yet.')).toBeTruthy();
  });
});

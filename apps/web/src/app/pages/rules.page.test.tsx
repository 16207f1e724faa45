import { render, screen, within } from '@testing-library/react';
import type { EarningRules, RuleVersion } from '@stride/contract';
import { describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { answerCallsInEachTest } from '../../test/call-answers';
import { MY_GROUPS } from '../my-menu';
import { PATHS } from '../../lib/navigation';
import RulesPage from './rules.page';

// The request layer is replaced: the versions answer from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const RULES: EarningRules = {
  stepsPerPoint: 100,
  pointsDailyMax: 300,
  exchangePointsPerUnit: 100,
  exchangeCashPerUnit: 100,
  exchangeMinPoints: 1_000,
  inviteRewardPoints: 500,
  inviteQualifyingSteps: 3_000,
  withdrawFeePermille: 15,
  withdrawFeeMin: 200,
  withdrawMin: 1_000,
  withdrawDailyMax: 500_000,
};

const version = (id: string, effectiveOn: string, state: RuleVersion['state'], changes: RuleVersion['changes']) =>
  ({
    id,
    effectiveOn,
    publishedAt: '2026-03-01T00:00:00Z',
    state,
    rules: RULES,
    changes,
    worse: changes.some((change) => change.worse),
  }) satisfies RuleVersion;

const VERSIONS = [
  version('v-4', '2026-04-20', 'upcoming', [{ rule: 'inviteRewardPoints', from: 500, to: 800, worse: false }]),
  version('v-3', '2026-04-10', 'upcoming', [
    { rule: 'pointsDailyMax', from: 300, to: 200, worse: true },
    { rule: 'withdrawFeePermille', from: 15, to: 10, worse: false },
  ]),
  version('v-2', '2026-03-01', 'current', [{ rule: 'withdrawMin', from: 2_000, to: 1_000, worse: false }]),
  version('v-1', '2026-01-01', 'past', []),
];

answerCallsInEachTest(mockedCall, {
  'rules.versions': () => ({ today: '2026-03-25', noticeDays: 14, versions: VERSIONS }),
});

describe('the rules and changes page', () => {
  it('shows each upcoming version first, the soonest on top, its changes and the worse ones marked', async () => {
    render(<RulesPage />);
    const soonest = await screen.findByRole('region', { name: 'From Apr 10, 2026' });
    const later = screen.getByRole('region', { name: 'From Apr 20, 2026' });
    const today = screen.getByRole('region', { name: 'In force today' });
    expect(soonest.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(later.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const lines = within(soonest).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Most points a day: 300 points → 200 points Worse for you',
      'Withdrawal fee: 1.5% → 1%',
    ]);
    expect(within(later).getByRole('listitem').textContent).toBe('Invite reward: 500 points → 800 points');
    expect(within(later).queryByText('Worse for you')).toBeNull();
  });

  it('says every rule in force in plain words, and the notice a worse change gets', async () => {
    render(<RulesPage />);
    const today = await screen.findByRole('region', { name: 'In force today' });
    expect(within(today).getByText('Since Mar 1, 2026')).toBeTruthy();
    expect(
      within(today)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      '1 point per 100 steps, at most 300 points a day (before your card’s multiplier).',
      '100 points = ¥1.00, at least 1,000 points an exchange.',
      'Invite reward: 500 points each, when the person you invited walks 3,000 steps in a day.',
      'Withdrawal fee 1.5%, at least ¥2.00; the smallest withdrawal is ¥10.00, and at most ¥5,000.00 a day.',
    ]);
    expect(
      screen.getByText(
        'A change that is worse for you is announced at least 14 days ahead, and never applies to days you have already walked.',
      ),
    ).toBeTruthy();
  });

  it('lists the past versions with the day each applied from and what it changed', async () => {
    render(<RulesPage />);
    const past = await screen.findByRole('list', { name: 'Earlier versions' });
    const rows = within(past).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('heading', { name: 'From Jan 1, 2026' })).toBeTruthy();
    expect(within(rows[0]!).getByText('The first published rules.')).toBeTruthy();
  });

  it('is reached from My as "Rules and changes"', () => {
    const entries = MY_GROUPS.flatMap((group) => group.entries);
    expect(entries).toContainEqual({ path: PATHS.rules, icon: 'rules' });
  });
});

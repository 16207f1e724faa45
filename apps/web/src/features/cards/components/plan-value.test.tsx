import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRONZE_PLAN as BRONZE } from '../../../test/fixtures';
import { PlanValue } from './plan-value';

describe('what a plan’s price buys (docs/product/client.md, Card plans)', () => {
  it('says what the price buys beyond its cash back: the multiplier and the policy, and what the rest pays', () => {
    render(<PlanValue plan={BRONZE} />);
    const section = screen.getByRole('region', { name: 'What ¥99.00 buys' });
    expect(section.textContent).toContain('Up to ¥90.00 cash back: ¥3.00 for each of the 30 days you walk 6,000 steps');
    expect(section.textContent).toContain('Points ×1.2 on every day of the term');
    expect(section.textContent).toContain('Walking-accident insurance up to ¥100,000.00 for the term');
    expect(
      screen.getByText(
        'The cash back returns at most ¥90.00 of the ¥99.00; the other ¥9.00 pays for the points multiplier and the insurance.',
      ),
    ).toBeTruthy();
  });

  it('names only what the plan carries', () => {
    render(<PlanValue plan={{ ...BRONZE, pointsMultiplier: 1, insuranceCoverage: 0 }} />);
    const section = screen.getByRole('region', { name: 'What ¥99.00 buys' });
    expect(section.textContent).not.toContain('Points ×');
    expect(section.textContent).not.toContain('insurance up to');
    expect(
      screen.getByText('The cash back returns at most ¥90.00 of the ¥99.00; the other ¥9.00 is not returned.'),
    ).toBeTruthy();
  });

  it('says so when the cash back can return the whole price', () => {
    render(<PlanValue plan={{ ...BRONZE, dailyCashBack: 400, insuranceCoverage: 0 }} />);
    expect(screen.getByText('Meeting every day’s target returns the whole ¥99.00 as cash back.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What ¥99.00 buys' }).textContent).toContain('Up to ¥99.00 cash back');
  });
});

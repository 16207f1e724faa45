import { render, screen, within } from '@testing-library/react';
import type { StepReceipt } from '@stride/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceTimeZone, formatZonedTime } from '../../../lib/format';
import { languageStore } from '../../../lib/i18n';
import { StepReceiptView } from './step-receipt';

const RECEIPT: StepReceipt = {
  day: '2026-11-22',
  utcOffsetMinutes: 480,
  goal: 5_000,
  steps: 30_000,
  sources: [
    { kind: 'web', name: null, steps: 30_000, reportedAt: '2026-11-22T06:00:00.000Z', credited: true },
    { kind: 'device', name: 'My watch', steps: 4_000, reportedAt: '2026-11-22T02:00:00.000Z', credited: false },
  ],
  refusals: [
    { kind: 'web', name: null, steps: 3_001, reason: 'rate', limit: 3_000, at: '2026-11-21T16:10:00.000Z' },
    { kind: 'web', name: null, steps: 45_000, reason: 'cap', limit: 30_000, at: '2026-11-22T06:00:00.000Z' },
    { kind: 'device', name: 'My watch', steps: 12_345, reason: 'late', limit: null, at: '2026-11-25T06:00:00.000Z' },
  ],
  review: {
    status: 'flagged',
    reasons: ['regularRhythm'],
    flaggedAt: '2026-11-22T06:00:00.000Z',
    decidedAt: null,
    expectedHours: 24,
  },
  held: { points: 180, cashBack: 300 },
  releasedPoints: 0,
  points: { earned: 300, collected: 120, multiplierPercent: 150, multiplierCard: 'Gold' },
  cashBack: [{ cardId: 'c1', cardName: 'Gold', amount: 300 }],
  inviteReward: { points: 500 },
};

afterEach(() => languageStore.set('en'));

describe('a day’s receipt', () => {
  it('labels the day a service day in its zone, and each time with the device’s zone (docs/product/client.md, Step day receipt)', () => {
    languageStore.set('en');
    const { unmount } = render(<StepReceiptView receipt={RECEIPT} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Service day Nov 22, 2026 (China time)' })).toBeTruthy();
    expect(screen.getByTestId('receipt-zone').textContent).toBe(`Times are in your time zone (${deviceTimeZone()})`);
    const sources = within(screen.getByRole('region', { name: 'What each source reported' })).getAllByRole('listitem');
    const zoned = formatZonedTime('2026-11-22T06:00:00.000Z', 'en');
    expect(sources[0]?.textContent).toContain(zoned);
    // The zone's short name is part of every time shown.
    const zoneName = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-22T06:00:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zoned).toContain(zoneName);
    unmount();
    languageStore.set('zh-Hans');
    const elsewhere = render(<StepReceiptView receipt={{ ...RECEIPT, utcOffsetMinutes: -210 }} />);
    expect(elsewhere.getByRole('heading', { level: 2, name: /^服务日 .*（UTC-3:30）$/ })).toBeTruthy();
    elsewhere.unmount();
    render(<StepReceiptView receipt={RECEIPT} />);
    expect(screen.getByRole('heading', { level: 2, name: /^服务日 2026年11月22日（北京时间）$/ })).toBeTruthy();
  });

  it('says what was credited, what was refused and why with its limit, points, cash back and the review', () => {
    languageStore.set('en');
    render(<StepReceiptView receipt={RECEIPT} />);
    expect(screen.getByTestId('receipt-steps').textContent).toBe('30,000 steps credited');
    expect(screen.getByRole('note').textContent).toContain(
      'Under review: this day’s points and cash back wait for a check',
    );
    expect(screen.getByRole('note').textContent).toContain('The steps came in a rhythm too regular for walking');
    const sources = within(screen.getByRole('region', { name: 'What each source reported' })).getAllByRole('listitem');
    expect(sources[0]?.textContent).toContain('This app');
    expect(sources[0]?.textContent).toContain('Credited');
    expect(sources[1]?.textContent).toContain('Step-source token · My watch');
    const refusals = within(screen.getByTestId('receipt-refusals')).getAllByRole('listitem');
    expect(refusals.map((item) => item.firstElementChild?.firstChild?.textContent)).toEqual([
      'Too fast: 3,001 steps reported when at most 3,000 were possible by then',
      '45,000 steps reported, over the daily cap: credited up to 30,000',
      '12,345 steps reported too late: only today and yesterday can be reported',
    ]);
    expect(screen.getByText('Multiplier ×1.5 from Gold')).toBeTruthy();
    expect(within(screen.getByTestId('receipt-cash-back')).getByText('+¥3.00')).toBeTruthy();
    expect(screen.getByText('500 points: this day’s steps completed your invitation')).toBeTruthy();
  });

  it('says what a flagged day holds and when it is usually decided; what a rejection withheld; what a clearing released', () => {
    languageStore.set('en');
    const { unmount } = render(<StepReceiptView receipt={RECEIPT} />);
    expect(screen.getByTestId('receipt-held').textContent).toBe(
      '180 points and ¥3.00 cash back wait for review · Usually decided within 24 hours',
    );
    unmount();
    const rejected = { ...RECEIPT, review: { ...RECEIPT.review!, status: 'rejected' as const } };
    const second = render(<StepReceiptView receipt={{ ...rejected, held: { points: 180, cashBack: 0 } }} />);
    expect(screen.getByTestId('receipt-held').textContent).toBe('Not paid after review: 180 points');
    second.unmount();
    languageStore.set('zh-Hans');
    const cleared = { ...RECEIPT, review: { ...RECEIPT.review!, status: 'cleared' as const }, held: null };
    render(<StepReceiptView receipt={{ ...cleared, releasedPoints: 84 }} />);
    expect(screen.queryByTestId('receipt-held')).toBeNull();
    expect(screen.getByTestId('receipt-released').textContent).toBe('审核通过，84 积分可领取');
  });

  it('groups numbers the way the language does', () => {
    languageStore.set('fr');
    render(<StepReceiptView receipt={{ ...RECEIPT, review: null, refusals: [], inviteReward: null, cashBack: [] }} />);
    // French groups thousands with a narrow no-break space.
    expect(screen.getByTestId('receipt-steps').textContent).toBe('30\u202f000 pas crédités');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('Pas de remboursement ce jour-là.')).toBeTruthy();
    expect(screen.getByText('Multiplicateur ×1,5 de Gold')).toBeTruthy();
  });
});

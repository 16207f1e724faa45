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
  cashBackCapped: 0,
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
    expect(screen.queryByTestId('receipt-cash-back-capped')).toBeNull();
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

  it('names a connected account like a token, and says why an hourly bucket or a lowered day was not credited, in each language', () => {
    const connected: StepReceipt = {
      ...RECEIPT,
      review: null,
      held: null,
      sources: [
        { kind: 'fitbit', name: 'Mia Walker', steps: 9_200, reportedAt: '2026-11-22T06:00:00.000Z', credited: true },
        { kind: 'huawei', name: 'Mia H', steps: 8_000, reportedAt: '2026-11-22T05:00:00.000Z', credited: false },
      ],
      refusals: [
        { kind: 'huawei', name: 'Mia H', steps: 1_500, reason: 'manual', limit: null, at: '2026-11-22T04:00:00.000Z' },
        {
          kind: 'fitbit',
          name: 'Mia Walker',
          steps: 7_000,
          reason: 'lowered',
          limit: 9_200,
          at: '2026-11-22T07:00:00.000Z',
        },
      ],
    };
    const texts = (regionName: string) => {
      const sources = within(screen.getByRole('region', { name: regionName })).getAllByRole('listitem');
      const refusals = within(screen.getByTestId('receipt-refusals')).getAllByRole('listitem');
      return {
        sources: sources.map((item) => item.firstElementChild?.firstChild?.textContent),
        refusals: refusals.map((item) => item.firstElementChild?.firstChild?.textContent),
        refusalSources: refusals.map((item) =>
          item.querySelector('.receipt-row__meta')?.textContent?.split(' · ').slice(0, 2).join(' · '),
        ),
      };
    };
    const expected = {
      en: {
        region: 'What each source reported',
        sources: ['Fitbit · Mia Walker', 'Huawei Health · Mia H'],
        refusals: [
          '1,500 steps typed in by hand: not counted',
          '7,000 steps reported later, lower than before: the earlier 9,200 stays',
        ],
      },
      es: {
        region: 'Lo que informó cada fuente',
        sources: ['Fitbit · Mia Walker', 'Huawei Health · Mia H'],
        refusals: [
          '1.500 pasos introducidos a mano: no cuentan',
          'Se informaron después 7.000 pasos, menos que antes: se mantienen los 9.200 anteriores',
        ],
      },
      fr: {
        region: 'Ce que chaque source a déclaré',
        sources: ['Fitbit · Mia Walker', 'Huawei Health · Mia H'],
        refusals: [
          '1\u202f500 pas saisis à la main : non comptés',
          '7\u202f000 pas déclarés ensuite, moins qu’avant : les 9\u202f200 déclarés d’abord restent',
        ],
      },
      'zh-Hans': {
        region: '各来源上报的步数',
        sources: ['Fitbit · Mia Walker', '华为运动健康 · Mia H'],
        refusals: ['手动输入的 1,500 步：不计入', '之后上报的 7,000 步比先前少：保留先前的 9,200 步'],
      },
      'zh-Hant': {
        region: '各來源上報的步數',
        sources: ['Fitbit · Mia Walker', '華為運動健康 · Mia H'],
        refusals: ['手動輸入的 1,500 步：不計入', '之後上報的 7,000 步比先前少：保留先前的 9,200 步'],
      },
    } as const;
    for (const [language, want] of Object.entries(expected)) {
      languageStore.set(language as keyof typeof expected);
      const { unmount } = render(<StepReceiptView receipt={connected} />);
      const shown = texts(want.region);
      expect(shown.sources, language).toEqual(want.sources);
      expect(shown.refusals, language).toEqual(want.refusals);
      expect(shown.refusalSources, language).toEqual([want.sources[1], want.sources[0]]);
      unmount();
    }
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

  it('says what the daily cash back limit holds of the day, and that a later settlement pays it', () => {
    languageStore.set('en');
    render(<StepReceiptView receipt={{ ...RECEIPT, cashBack: [], cashBackCapped: 250 }} />);
    const section = screen.getByTestId('receipt-cash-back');
    expect(within(section).getByTestId('receipt-cash-back-capped').textContent).toBe(
      '¥2.50 not paid yet: that day’s cash back limit for everyone was reached. It is paid with a later day’s settlement, oldest days first.',
    );
    expect(within(section).queryByText('No cash back for this day.')).toBeNull();
  });
});

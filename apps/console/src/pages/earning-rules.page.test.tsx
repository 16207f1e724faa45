import { EARNING_RULE_NAMES, type EarningRules } from '@stride/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import EarningRulesPage, { addDays, toForm, toRules } from './earning-rules.page';

// The earning rules screen (docs/console/earning-rules.md): finance sees the versions and publishes the next one.

// Every rule a different whole number (100, 200, … in the contract's order), so a value tells which rule it came from.
const RULES = Object.fromEntries(EARNING_RULE_NAMES.map((rule, at) => [rule, (at + 1) * 100])) as EarningRules;

const CURRENT = {
  id: '00000000-0000-4000-8000-000000000002',
  effectiveOn: '2026-03-01',
  publishedAt: '2026-02-10T10:00:00Z',
  state: 'current' as const,
  rules: RULES,
  changes: [{ rule: 'withdrawMin' as const, from: 2_000, to: 1_000, worse: false }],
  worse: false,
  publishedBy: 'fin-olga',
  toldAt: '2026-02-10T10:05:00Z',
};
const UPCOMING = {
  ...CURRENT,
  id: '00000000-0000-4000-8000-000000000003',
  effectiveOn: '2026-04-10',
  publishedAt: '2026-03-20T10:00:00Z',
  state: 'upcoming' as const,
  rules: { ...RULES, pointsDailyMax: 150 },
  changes: [{ rule: 'pointsDailyMax' as const, from: 200, to: 150, worse: true }],
  worse: true,
  publishedBy: 'fin-bo',
  toldAt: null,
};
const LIST = { today: '2026-03-25', noticeDays: 14, bookVersion: 7, versions: [UPCOMING, CURRENT] };
const PUBLISHED = { ...UPCOMING, effectiveOn: '2026-04-20' };

let sent: SentRequest[] = [];
let refusal: { code: number; message: string } | undefined;

beforeEach(() => {
  refusal = undefined;
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer(({ method }) => {
    if (method === 'POST') return refusal ? { ...refusal, data: null } : { code: 1, message: 'ok', data: PUBLISHED };
    return { code: 1, message: 'ok', data: LIST };
  });
  return endBrowserTest;
});

const showPage = () => renderInApp(<EarningRulesPage />);
const table = () => within(document.querySelector<HTMLElement>('.ant-table')!);
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const lists = () => sent.filter((each) => each.method === 'GET' && each.url === '/api/console/rules');

async function publish() {
  await act(async () => {
    fireEvent.click(screen.getByText('Publish', { selector: 'button span' }));
    await Promise.resolve();
  });
}

describe('earning rules screen', () => {
  it('lists the versions: the day each applies from, its state, its changes, who published it and whether users were told', async () => {
    showPage();
    // Text queries, not role queries: computing roles over antd's tree is slow under jsdom.
    expect(await table().findByText('Daily points cap: 200 → 150')).toBeTruthy();
    expect(table().getByText('Worse for users')).toBeTruthy();
    expect(table().getByText('Withdrawal minimum: ¥20.00 → ¥10.00')).toBeTruthy();
    expect(table().getByText('Upcoming')).toBeTruthy();
    expect(table().getByText('In force')).toBeTruthy();
    expect(table().getByText('04/10/2026')).toBeTruthy();
    expect(table().getByText('fin-bo')).toBeTruthy();
    expect(table().getByText('Being told')).toBeTruthy();
    expect(screen.getByText(/no sooner than 14 days after it is published/)).toBeTruthy();
  }, 60_000);

  it('publishes a version prefilled from the newest one, money in minor units, with the list’s book version', async () => {
    showPage();
    await table().findByText('fin-bo');
    const cash = await screen.findByLabelText('Withdrawal minimum (¥)');
    await waitFor(() => expect(valueOf('Withdrawal minimum (¥)')).toBe('10.00'));
    expect(valueOf('Daily points cap')).toBe('150');
    // The day after the newest version (Apr 10), later than the notice's earliest (Apr 8).
    expect(valueOf('First day it applies')).toBe('2026-04-11');
    expect(screen.getByText(/at least 14 days’ notice, so 04\/08\/2026 at the earliest/)).toBeTruthy();
    fireEvent.change(cash, { target: { value: '12.50' } });
    fireEvent.blur(cash);
    fireEvent.change(screen.getByLabelText('First day it applies'), { target: { value: '2026-04-20' } });
    await publish();
    await waitFor(() => expect(sent.some((each) => each.method === 'POST')).toBe(true));
    expect(sent.find((each) => each.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/console/rules',
      body: {
        effectiveOn: '2026-04-20',
        rules: { ...RULES, pointsDailyMax: 150, withdrawMin: 1_250 },
        bookVersion: 7,
      },
    });
    expect(await screen.findByText('Published: the rules apply from 04/20/2026. Users are being told.')).toBeTruthy();
    await waitFor(() => expect(lists()).toHaveLength(2));
  }, 60_000);

  it('shows the server’s refusal and reloads the list', async () => {
    refusal = { code: 1017, message: 'Another version was published meanwhile: reload and check it.' };
    showPage();
    await table().findByText('fin-bo');
    await waitFor(() => expect(valueOf('Daily points cap')).toBe('150'));
    await publish();
    expect(await screen.findByText('Another version was published meanwhile: reload and check it.')).toBeTruthy();
    await waitFor(() => expect(lists()).toHaveLength(2));
  }, 60_000);

  it('turns yuan into minor units and back, and counts days across a month', () => {
    const form = toForm(RULES, '2026-04-08');
    expect(form.withdrawDailyMax).toBe(11);
    expect(form.withdrawFeePermille).toBe(800);
    expect(toRules({ ...form, exchangeCashPerUnit: 0.29 })).toEqual({ ...RULES, exchangeCashPerUnit: 29 });
    expect(addDays('2026-03-25', 14)).toBe('2026-04-08');
  });
});

import type { ConsoleCardPlan } from '@stride/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import PlansPage, { toTerms } from './plans.page';

// The card plans screen (docs/console/plans-and-home.md): a plan whose cash back over its term is more than its price
// is saved only when finance confirms it.

const PLAN: ConsoleCardPlan = {
  id: '00000000-0000-4000-8000-000000000001',
  defaultLanguage: 'en',
  translations: {},
  familyId: '00000000-0000-4000-8000-000000000001',
  version: 1,
  name: 'Sunrise',
  price: 5_000,
  days: 20,
  dailyTarget: 5_000,
  dailyCashBack: 200,
  multiplierPercent: 120,
  position: 0,
  status: 'onSale',
  createdAt: '2026-03-01T10:00:00Z',
  retiredAt: null,
  replacedBy: null,
  cardsSold: 0,
  pendingOrders: 0,
};

const REFUSAL =
  'Over its 30 days this plan’s cash back adds up to ¥60.00, more than its price of ¥50.00: a card could pay back its whole price. Finance must confirm it (confirmLoss) to save it';

let sent: SentRequest[] = [];

beforeEach(() => {
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer(({ method, body }) => {
    if (method === 'GET') return { code: 1, message: 'ok', data: [PLAN] };
    const terms = (body as { terms: { confirmLoss?: boolean } }).terms;
    return terms.confirmLoss
      ? { code: 1, message: 'ok', data: { ...PLAN, id: '00000000-0000-4000-8000-000000000002', version: 2, days: 30 } }
      : { code: 1007, message: REFUSAL, data: null };
  });
  return endBrowserTest;
});

const dialog = () =>
  waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no dialog');
    return within(modal);
  });

async function save(view: Awaited<ReturnType<typeof dialog>>) {
  await act(async () => {
    fireEvent.click(view.getByText('OK'));
    await Promise.resolve();
  });
}

const edits = () => sent.filter((request) => request.method === 'PUT');

describe('card plans screen', () => {
  it('says when the cash back over the term passes the price, shows the refusal, and sends finance’s confirmation', async () => {
    renderInApp(<PlansPage />);
    // Text queries, not role queries: computing roles over antd's tree is slow under jsdom.
    fireEvent.click(await screen.findByText('Edit'));
    const form = await dialog();
    expect(form.queryByText(/cash back adds up to/)).toBeNull();

    // 30 days of ¥2.00 is ¥60.00, more than the ¥50.00 price.
    const days = form.getByLabelText('Days');
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.blur(days);
    expect(
      await form.findByText(
        'Over its 30 days this plan’s cash back adds up to ¥60.00, more than its price of ¥50.00: a card could pay back its whole price. It is saved only if you confirm it as finance.',
      ),
    ).toBeTruthy();

    // Saved unconfirmed: the server refuses, and the form says so.
    await save(form);
    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(edits()[0]?.body).toMatchObject({ version: 1, terms: { days: 30, price: 5_000, dailyCashBack: 200 } });
    expect((edits()[0]?.body as { terms: object }).terms).not.toHaveProperty('confirmLoss');
    expect(await form.findByText(`Not saved: ${REFUSAL}`)).toBeTruthy();

    // Confirmed: sent with the terms, and saved.
    fireEvent.click(form.getByText('I confirm this plan as finance: a card may pay back its whole price'));
    await save(form);
    await waitFor(() => expect(edits()).toHaveLength(2));
    expect(edits()[1]?.body).toMatchObject({ version: 1, terms: { days: 30, confirmLoss: true } });
    expect(await screen.findByText('Version 2 of Sunrise is on sale.')).toBeTruthy();
  }, 60_000);

  it('sends the confirmation only with terms that need it', () => {
    const form = { ...PLAN, price: 50, dailyCashBack: 2, confirmLoss: true, translations: {} };
    expect(toTerms({ ...form, days: 30 })).toMatchObject({ price: 5_000, dailyCashBack: 200, confirmLoss: true });
    expect(toTerms({ ...form, days: 25 })).not.toHaveProperty('confirmLoss');
  });
});

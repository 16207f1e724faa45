import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRetryKey } from '../../../lib/http';
import { readRequest, type SentRequest } from '../../../test/fake-server';
import { ExchangeSheet } from './exchange-sheet';

// An operator's rule, not the defaults: 50 points = ¥0.30, at least 120 points.
const RULES = {
  bankCardsMax: 5,
  addressesMax: 20,
  exchangePointsPerUnit: 50,
  exchangeCashPerUnit: 30,
  exchangeMinPoints: 120,
};

/** A fake server: GET /api/rules answers RULES, POST /api/exchange answers the record. */
function serve() {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const { key, body } = readRequest(input, init);
      requests.push({ key, body });
      const data =
        key === 'GET /api/rules'
          ? RULES
          : key === 'POST /api/exchange'
            ? { id: 'e1', points: 150, amount: 90, createdAt: '2026-03-02T04:00:00.000Z' }
            : undefined;
      if (!data) return Promise.reject(new TypeError(`no reply for ${key}`));
      return Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'success', data }), { status: 200 }));
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExchangeSheet', () => {
  it("checks and prices with the server's rule, not a copy of the defaults", async () => {
    const requests = serve();
    const onExchanged = vi.fn();
    render(
      <ExchangeSheet
        visible
        availablePoints={1_000}
        retryKey={createRetryKey()}
        onExchanged={onExchanged}
        onClose={() => undefined}
      />,
    );

    const input = await screen.findByLabelText('Points to exchange');
    expect(screen.getByText(/50 points = ¥0\.30, in multiples of 50/)).toBeTruthy();
    // The first offer is the smallest exchange the rule allows.
    expect((input as HTMLInputElement).value).toBe('150');
    expect(screen.getByText('You get ¥0.90')).toBeTruthy();

    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('At least 120 points')).toBeTruthy();

    fireEvent.change(input, { target: { value: '175' } });
    expect(screen.getByText('You get ¥0.90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Points go in multiples of 50')).toBeTruthy();

    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Exchange 150 points for ¥0.90?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onExchanged).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.key === 'POST /api/exchange')?.body).toMatchObject({ points: 150 });
  });
});

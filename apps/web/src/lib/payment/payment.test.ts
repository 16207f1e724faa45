import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_LIMIT_MS,
  detectIos,
  startPayment,
  type PaymentState,
  type PaymentStatus,
} from './payment';

const URL = 'https://pay.example/checkout/1';

function setUp(options: { isIos?: boolean; confirm?: boolean; statuses?: (PaymentStatus | Error)[] } = {}) {
  const statuses = [...(options.statuses ?? [])];
  const open = vi.fn<Window['open']>(() => null);
  const poll = vi.fn(() => {
    const next = statuses.shift() ?? 'pending';
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const confirmJump = vi.fn(() => Promise.resolve(options.confirm ?? true));
  const states: PaymentState[] = [];
  const session = startPayment({
    payUrl: URL,
    poll,
    confirmJump,
    isIos: options.isIos ?? false,
    window: { open },
    onStatus: (state) => states.push(state),
  });
  return { session, open, poll, confirmJump, states };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startPayment', () => {
  it('opens the pay URL at once in a new tab off iOS, without asking', () => {
    const { open, confirmJump, poll } = setUp();
    expect(open).toHaveBeenCalledWith(URL, '_blank', 'noopener');
    expect(confirmJump).not.toHaveBeenCalled();
    expect(poll).not.toHaveBeenCalled();
  });

  it('polls every 5 s and stops on paid', async () => {
    const { session, poll, states } = setUp({ statuses: ['pending', 'pending', 'paid'] });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS - 1);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 2);
    expect(poll).toHaveBeenCalledTimes(3);
    await expect(session.done).resolves.toBe('paid');
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 4);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(states).toEqual(['pending', 'pending', 'pending', 'paid']);
  });

  it.each(['failed', 'expired'] as const)('stops on %s', async (status) => {
    const { session, poll } = setUp({ statuses: [status] });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await expect(session.done).resolves.toBe(status);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('keeps polling after a failed request', async () => {
    const { session, poll } = setUp({ statuses: [new Error('offline'), new Error('offline'), 'paid'] });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(3);
    await expect(session.done).resolves.toBe('paid');
  });

  it('stops when the caller stops it (leaving the page)', async () => {
    const { session, poll, states } = setUp();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    session.stop();
    await expect(session.done).resolves.toBe('stopped');
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('stopped');
  });

  it('ignores an answer that arrives after stop', async () => {
    let answer: (status: PaymentStatus) => void = () => undefined;
    const states: PaymentState[] = [];
    const session = startPayment({
      payUrl: URL,
      poll: () =>
        new Promise<PaymentStatus>((resolve) => {
          answer = resolve;
        }),
      confirmJump: () => Promise.resolve(true),
      isIos: false,
      window: { open: () => null },
      onStatus: (state) => states.push(state),
    });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    session.stop();
    answer('paid');
    await expect(session.done).resolves.toBe('stopped');
    expect(states).toEqual(['pending', 'stopped']);
  });

  it('times out after 15 minutes of pending answers', async () => {
    const { session, poll, states } = setUp();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS - 1);
    expect(states.at(-1)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(session.done).resolves.toBe('timedOut');
    const calls = poll.mock.calls.length;
    expect(calls).toBe(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_INTERVAL_MS - 1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(calls);
  });

  it('asks first on iOS and opens after the user confirms', async () => {
    const { open, confirmJump, poll, states } = setUp({ isIos: true, confirm: true, statuses: ['paid'] });
    expect(confirmJump).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(states).toEqual(['confirming']);
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledWith(URL, '_blank', 'noopener');
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('opens nothing and polls nothing when the iOS user declines', async () => {
    const { session, open, poll } = setUp({ isIos: true, confirm: false });
    await expect(session.done).resolves.toBe('declined');
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS);
    expect(open).not.toHaveBeenCalled();
    expect(poll).not.toHaveBeenCalled();
  });
});

describe('detectIos', () => {
  it('recognises iPhone, iPad and iPadOS posing as a Mac, and nothing else', () => {
    expect(detectIos({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(detectIos({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 12_0 like Mac OS X)' })).toBe(true);
    expect(detectIos({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(detectIos({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(detectIos({ userAgent: 'Mozilla/5.0 (Linux; Android 14)', platform: 'Linux armv8l' })).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_DOTS,
  burstVectors,
  celebrate,
  prefersReducedMotion,
  takeGoalMoment,
  takeNewInviteReward,
} from './celebration';

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
});

const reduced = { matchMedia: () => ({ matches: true }) };
const full = { matchMedia: () => ({ matches: false }) };

describe('celebrations', () => {
  it('respect prefers-reduced-motion: nothing moves', async () => {
    expect(prefersReducedMotion(reduced)).toBe(true);
    expect(prefersReducedMotion(full)).toBe(false);
    const anchor = document.createElement('div');
    const animate = vi.fn();
    anchor.animate = animate;
    document.body.append(anchor);
    await celebrate(anchor, reduced);
    expect(animate).not.toHaveBeenCalled();
    expect(document.querySelector('.celebration')).toBeNull();
  });

  it('burst a few dots from the anchor and clean up after themselves', async () => {
    const finished = () => ({ finished: Promise.resolve() }) as unknown as Animation;
    const dotAnimate = vi.fn(finished);
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = dotAnimate;
    try {
      const anchor = document.createElement('div');
      document.body.append(anchor);
      const done = celebrate(anchor, full);
      expect(document.querySelectorAll('.celebration__dot')).toHaveLength(BURST_DOTS);
      expect(document.querySelector('.celebration')?.getAttribute('aria-hidden')).toBe('true');
      await done;
      // The dots and the anchor's pulse.
      expect(dotAnimate).toHaveBeenCalledTimes(BURST_DOTS + 1);
      expect(document.querySelector('.celebration')).toBeNull();
    } finally {
      HTMLElement.prototype.animate = original;
    }
  });

  it('fly the dots evenly around the circle', () => {
    const vectors = burstVectors(4, 80);
    expect(vectors[0]).toEqual({ x: 80, y: 0 });
    expect(vectors[1]?.y).toBe(52);
    expect(Math.round(vectors[2]?.x ?? 0)).toBe(-80);
  });

  it('mark the daily goal once a day per user, and only once reached', () => {
    const storage = window.localStorage;
    expect(takeGoalMoment(storage, 'u1', '2026-11-24', 5_999, 6_000)).toBe(false);
    expect(takeGoalMoment(storage, 'u1', '2026-11-24', 6_000, 6_000)).toBe(true);
    expect(takeGoalMoment(storage, 'u1', '2026-11-24', 9_000, 6_000)).toBe(false);
    expect(takeGoalMoment(storage, 'u1', '2026-11-25', 6_100, 6_000)).toBe(true);
  });

  it('mark only invite reward points not seen before', () => {
    const storage = window.localStorage;
    expect(takeNewInviteReward(storage, 'u1', 0)).toBe(0);
    expect(takeNewInviteReward(storage, 'u1', 500)).toBe(500);
    expect(takeNewInviteReward(storage, 'u1', 500)).toBe(0);
    expect(takeNewInviteReward(storage, 'u1', 800)).toBe(300);
    expect(takeNewInviteReward(storage, 'u2', 800)).toBe(800);
  });
});

import { describe, expect, it } from 'vitest';
import { createStepCounter, type MotionSample } from './step-counter';

const G = 9.81;

/** A deterministic pseudo-random source, so the noisy traces are the same on every run. */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

/**
 * Walking as the sensor sees it: gravity on a tilted axis plus a vertical bounce of `amplitude`
 * m/s² at `cadence` steps a second, sampled every `dtMs`.
 */
function walk(options: { seconds: number; cadence: number; amplitude: number; dtMs?: number; jitter?: number }) {
  const dtMs = options.dtMs ?? 20;
  const random = noise(7);
  const samples: MotionSample[] = [];
  for (let t = 0; t < options.seconds * 1000; t += dtMs) {
    const bounce = options.amplitude * Math.sin((2 * Math.PI * options.cadence * t) / 1000);
    const jitter = (options.jitter ?? 0) * random();
    samples.push({ x: 1.2 + jitter, y: (G + bounce) * 0.8, z: (G + bounce) * 0.6 - jitter, dtMs });
  }
  return samples;
}

function count(samples: readonly MotionSample[]): number {
  const counter = createStepCounter();
  let total = 0;
  for (const sample of samples) total += counter.push(sample);
  expect(counter.steps).toBe(total);
  return total;
}

describe('createStepCounter', () => {
  it('counts a steady walk at two steps a second', () => {
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 2.5 }))).toBeGreaterThanOrEqual(59);
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 2.5 }))).toBeLessThanOrEqual(60);
  });

  it('counts a slow walk and a brisk one', () => {
    expect(count(walk({ seconds: 20, cadence: 1.2, amplitude: 2 }))).toBeGreaterThanOrEqual(23);
    expect(count(walk({ seconds: 20, cadence: 3, amplitude: 3 }))).toBeGreaterThanOrEqual(59);
  });

  it('still counts with sensor noise on top', () => {
    const steps = count(walk({ seconds: 30, cadence: 2, amplitude: 2.5, jitter: 0.8 }));
    expect(steps).toBeGreaterThanOrEqual(58);
    expect(steps).toBeLessThanOrEqual(61);
  });

  it('counts nothing for a phone lying still or held with a trembling hand', () => {
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 0, jitter: 0.6 }))).toBe(0);
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 0.5 }))).toBe(0);
  });

  it('never counts more than four steps a second, whatever the shaking', () => {
    expect(count(walk({ seconds: 10, cadence: 10, amplitude: 6, dtMs: 10 }))).toBeLessThanOrEqual(40);
  });

  it('does not depend on the sampling rate', () => {
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 2.5, dtMs: 10 }))).toBeGreaterThanOrEqual(59);
    expect(count(walk({ seconds: 30, cadence: 2, amplitude: 2.5, dtMs: 50 }))).toBeGreaterThanOrEqual(59);
  });

  it('counts one bump once', () => {
    const still = Array.from({ length: 100 }, () => ({ x: 0, y: 0, z: G, dtMs: 20 }));
    const bump = [12, 13, 13, 12, 10].map((z) => ({ x: 0, y: 0, z, dtMs: 20 }));
    expect(count([...still, ...bump, ...still])).toBe(1);
  });

  it('ignores samples without data or time', () => {
    const counter = createStepCounter();
    expect(counter.push({ x: Number.NaN, y: 0, z: G, dtMs: 20 })).toBe(0);
    expect(counter.push({ x: 0, y: 0, z: G, dtMs: 0 })).toBe(0);
    expect(counter.steps).toBe(0);
  });
});

describe('the interval between steps', () => {
  it('is measured on the sensor clock from the second step on', () => {
    const counter = createStepCounter();
    const intervals: (number | undefined)[] = [];
    for (const sample of walk({ seconds: 3, cadence: 2, amplitude: 2.5 })) {
      if (counter.push(sample) > 0) intervals.push(counter.lastIntervalMs);
    }
    expect(intervals[0]).toBeUndefined();
    expect(intervals.length).toBeGreaterThanOrEqual(5);
    for (const interval of intervals.slice(1)) expect(interval).toBeCloseTo(500, -1);
  });
});

/**
 * A step counter on the magnitude of acceleration (including gravity), so it works whichever way
 * the phone is held:
 *
 * 1. magnitude m = √(x² + y² + z²) of each sample;
 * 2. gravity baseline: an exponential moving average of m with a slow time constant (1 s), so the
 *    signal s = m − baseline is the body's bounce with the 9.81 m/s² of gravity removed;
 * 3. s is smoothed with a short time constant (40 ms) against sensor jitter;
 * 4. a step is a peak: the smoothed signal rises above RISE (1 m/s²) and then falls back under
 *    FALL (0.3 m/s²); the two thresholds (hysteresis) keep noise around one level from counting
 *    twice;
 * 5. two steps are at least 250 ms apart (no one walks faster than 4 steps a second), which drops
 *    the double peaks a heel strike can make.
 *
 * Time is the sensor's own clock (the sum of sample intervals), not the wall clock: samples that
 * arrive in a burst still describe the motion they measured.
 */

export interface MotionSample {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Milliseconds since the previous sample. */
  readonly dtMs: number;
}

export interface StepCounterOptions {
  readonly gravityTimeConstantMs?: number;
  readonly smoothingTimeConstantMs?: number;
  readonly riseThreshold?: number;
  readonly fallThreshold?: number;
  readonly minStepIntervalMs?: number;
}

export const STEP_COUNTER_DEFAULTS: Required<StepCounterOptions> = {
  gravityTimeConstantMs: 1_000,
  smoothingTimeConstantMs: 40,
  riseThreshold: 1,
  fallThreshold: 0.3,
  minStepIntervalMs: 250,
};

export interface StepCounter {
  /** Feeds one sample; answers the steps it completed (0 or 1). */
  push(sample: MotionSample): number;
  readonly steps: number;
  /**
   * The time between the last two steps on the sensor's clock (ms), undefined before the second
   * step: the rhythm the cheating checks look at (docs/product/rules.md, Steps and points).
   */
  readonly lastIntervalMs: number | undefined;
}

export function createStepCounter(options: StepCounterOptions = {}): StepCounter {
  const settings = { ...STEP_COUNTER_DEFAULTS, ...options };
  let steps = 0;
  let clock = 0;
  let baseline: number | undefined;
  let smooth = 0;
  let isAbove = false;
  let lastStepAt = Number.NEGATIVE_INFINITY;
  let lastIntervalMs: number | undefined;

  const blend = (dt: number, timeConstant: number) => dt / (timeConstant + dt);

  return {
    push({ x, y, z, dtMs }) {
      if (![x, y, z, dtMs].every(Number.isFinite) || dtMs <= 0) return 0;
      clock += dtMs;
      const magnitude = Math.hypot(x, y, z);
      if (baseline === undefined) {
        baseline = magnitude;
        return 0;
      }
      baseline += blend(dtMs, settings.gravityTimeConstantMs) * (magnitude - baseline);
      smooth += blend(dtMs, settings.smoothingTimeConstantMs) * (magnitude - baseline - smooth);
      if (!isAbove) {
        if (smooth > settings.riseThreshold) isAbove = true;
        return 0;
      }
      if (smooth >= settings.fallThreshold) return 0;
      isAbove = false;
      if (clock - lastStepAt < settings.minStepIntervalMs) return 0;
      lastIntervalMs = Number.isFinite(lastStepAt) ? clock - lastStepAt : undefined;
      lastStepAt = clock;
      steps += 1;
      return 1;
    },
    get steps() {
      return steps;
    },
    get lastIntervalMs() {
      return lastIntervalMs;
    },
  };
}

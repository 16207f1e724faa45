/**
 * The rhythm of the steps counted since the last report, kept as running sums so that it survives a
 * reload and a refused report (the steps it describes are still to be sent): how many intervals
 * between steps were measured and their coefficient of variation (standard deviation / mean).
 * People walk with a CV of a few percent; a machine shaking a phone is far more regular
 * (docs/product/rules.md, Steps and points).
 */
export interface RhythmStats {
  readonly count: number;
  readonly sum: number;
  readonly sumSquares: number;
}

export interface Rhythm {
  readonly intervals: number;
  readonly cv: number;
}

export const EMPTY_RHYTHM: RhythmStats = { count: 0, sum: 0, sumSquares: 0 };

/** A longer gap is a pause between walks, not the interval of a step. */
export const MAX_STEP_INTERVAL_MS = 2_000;

/** Fewer intervals say nothing about regularity; no rhythm is sent then. */
export const MIN_RHYTHM_INTERVALS = 2;

/** The contract's bounds (StepRhythmSchema). */
const MAX_INTERVALS = 100_000;
const MAX_CV = 10;

export function addInterval(stats: RhythmStats, intervalMs: number | undefined): RhythmStats {
  if (intervalMs === undefined || !(intervalMs > 0) || intervalMs > MAX_STEP_INTERVAL_MS) return stats;
  return {
    count: stats.count + 1,
    sum: stats.sum + intervalMs,
    sumSquares: stats.sumSquares + intervalMs * intervalMs,
  };
}

/** What is left after a report that carried `sent` (steps may have been counted meanwhile). */
export function subtractRhythm(stats: RhythmStats, sent: RhythmStats): RhythmStats {
  const count = Math.max(0, stats.count - sent.count);
  if (count === 0) return EMPTY_RHYTHM;
  return { count, sum: Math.max(0, stats.sum - sent.sum), sumSquares: Math.max(0, stats.sumSquares - sent.sumSquares) };
}

export function rhythmOf(stats: RhythmStats): Rhythm | undefined {
  if (stats.count < MIN_RHYTHM_INTERVALS) return undefined;
  const mean = stats.sum / stats.count;
  if (!(mean > 0)) return undefined;
  const variance = Math.max(0, stats.sumSquares / stats.count - mean * mean);
  const cv = Math.min(MAX_CV, Math.sqrt(variance) / mean);
  return { intervals: Math.min(MAX_INTERVALS, stats.count), cv: Math.round(cv * 10_000) / 10_000 };
}

export function isRhythmStats(value: unknown): value is RhythmStats {
  if (typeof value !== 'object' || value === null) return false;
  return ['count', 'sum', 'sumSquares'].every((key) => {
    const field: unknown = Reflect.get(value, key);
    return typeof field === 'number' && Number.isFinite(field) && field >= 0;
  });
}

/**
 * Walk mode (docs/product/client.md, Step counter): a walk the user starts and ends, counted by the
 * app's one step counter. A walk left open ends by itself after WALK_IDLE_MS without a step (at its
 * last step), or at the end of the business day it started in.
 */
export interface Walk {
  readonly startedAt: number;
  readonly steps: number;
  readonly lastStepAt: number | null;
  /** The end of the business day the walk started in, when the day was known. */
  readonly endsBy: number | null;
  readonly endedAt: number | null;
  readonly endReason: WalkEndReason | null;
}

export type WalkEndReason = 'user' | 'idle' | 'midnight';

export const WALK_IDLE_MS = 30 * 60_000;

/** An average adult step; the distance is an estimate and said to be one. */
export const STEP_LENGTH_M = 0.7;

export function startWalk(now: number, endsBy: number | null): Walk {
  return { startedAt: now, steps: 0, lastStepAt: null, endsBy, endedAt: null, endReason: null };
}

/** A walk started and not ended yet. */
export const isWalking = (walk: Walk | null): boolean => walk !== null && walk.endedAt === null;

export function addWalkSteps(walk: Walk, steps: number, now: number): Walk {
  if (walk.endedAt !== null || steps <= 0) return walk;
  return { ...walk, steps: walk.steps + steps, lastStepAt: now };
}

export function endWalk(walk: Walk, now: number): Walk {
  if (walk.endedAt !== null) return walk;
  return { ...walk, endedAt: Math.max(walk.startedAt, now), endReason: 'user' };
}

/** Ends a walk that was left open, at the moment it should have ended; others are unchanged. */
export function settleWalk(walk: Walk, now: number): Walk {
  if (walk.endedAt !== null) return walk;
  const last = walk.lastStepAt ?? walk.startedAt;
  const idleAt = last + WALK_IDLE_MS;
  if (idleAt <= now && (walk.endsBy === null || idleAt <= walk.endsBy)) {
    return { ...walk, endedAt: last, endReason: 'idle' };
  }
  if (walk.endsBy !== null && walk.endsBy <= now) return { ...walk, endedAt: walk.endsBy, endReason: 'midnight' };
  return walk;
}

/** When settleWalk would end it, for a timer. */
export function walkDeadline(walk: Walk): number | null {
  if (walk.endedAt !== null) return null;
  const idleAt = (walk.lastStepAt ?? walk.startedAt) + WALK_IDLE_MS;
  return walk.endsBy === null ? idleAt : Math.min(idleAt, walk.endsBy);
}

export const walkElapsedMs = (walk: Walk, now: number): number => Math.max(0, (walk.endedAt ?? now) - walk.startedAt);

export const walkDistanceM = (steps: number): number => steps * STEP_LENGTH_M;

export function isWalk(value: unknown): value is Walk {
  if (typeof value !== 'object' || value === null) return false;
  const number = (key: string) => typeof Reflect.get(value, key) === 'number';
  const numberOrNull = (key: string) => Reflect.get(value, key) === null || number(key);
  const reason: unknown = Reflect.get(value, 'endReason');
  return (
    number('startedAt') &&
    number('steps') &&
    numberOrNull('lastStepAt') &&
    numberOrNull('endsBy') &&
    numberOrNull('endedAt') &&
    (reason === null || reason === 'user' || reason === 'idle' || reason === 'midnight')
  );
}

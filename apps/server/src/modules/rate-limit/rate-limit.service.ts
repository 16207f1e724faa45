import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

/**
 * Fixed-window counters kept in the database, so limits hold across processes and restarts and
 * a refusal can travel as an envelope code (HTTP 200) rather than a 429 that the client would
 * treat as a dead host.
 */
export class RateLimitService {
  constructor(
    private readonly db: Db,
    private readonly repository: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  private windowStart(windowMs: number): number {
    const now = this.clock.now();
    return now - (now % windowMs);
  }

  count(key: string, windowMs: number): Promise<number> {
    return this.repository.count(this.db, key, this.windowStart(windowMs));
  }

  hit(key: string, windowMs: number): Promise<number> {
    return this.repository.hit(this.db, key, this.windowStart(windowMs));
  }

  /**
   * Counts one more use and says whether it is within `max` for the window. The increment and the
   * count are one statement, so concurrent requests cannot all slip under the limit.
   */
  async allow(key: string, windowMs: number, max: number): Promise<boolean> {
    return (await this.hit(key, windowMs)) <= max;
  }

  /**
   * How many keys starting with `prefix` were hit in the current window, and how often in all: one
   * subject's failures counted per address, as `<prefix><address>` (decision 073 "Operator sign-in").
   */
  tally(prefix: string, windowMs: number): Promise<{ keys: number; hits: number }> {
    return this.repository.tally(this.db, prefix, this.windowStart(windowMs));
  }

  reset(key: string): Promise<void> {
    return this.repository.deleteKey(this.db, key);
  }

  /**
   * Clears every window of these keys and of the keys matching these LIKE patterns, in the
   * caller's transaction (an operator's reset, recorded with it); answers how many counters went.
   */
  clear(db: Executor, keys: string[], patterns: string[] = []): Promise<number> {
    return this.repository.deleteMatching(db, keys, patterns);
  }

  /** Whole minutes until the current window of this length ends, at least 1. */
  minutesLeft(windowMs: number): number {
    const end = this.windowStart(windowMs) + windowMs;
    return Math.max(1, Math.ceil((end - this.clock.now()) / 60_000));
  }

  /** Drops counters of windows that started more than `olderThanMs` ago. */
  prune(olderThanMs: number): Promise<number> {
    return this.repository.deleteOlderThan(this.db, this.clock.now() - olderThanMs);
  }
}

import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { DAY_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, randomToken } from '../../lib/secrets.js';
import type { SessionsRepository } from './sessions.repository.js';

type LiveSession = AuthUser & { expiresAt: number; frozenAt: number | null };

interface CachedSession {
  session: LiveSession;
  /** `performance.now()` after which the database is asked again. */
  until: number;
}

/** Sessions the cache holds at most; the oldest leave first. */
const CACHE_ENTRIES = 10_000;

/**
 * Opaque bearer tokens, stored only as keyed hashes, with a sliding expiry. The expiry moves at
 * most once a day per session so that reading does not turn every request into a write.
 *
 * A token's session and user are kept for at most `cacheMs` (1 s by default; decision 049 "A bench that holds on a busy
 * machine"), so a burst of calls reads the database once. Whatever ends a session or changes what the session
 * read carries (logout, a password change or reset, a freeze or unfreeze, an identity decision,
 * an account's deletion) calls `forgetUser` after its transaction commits: this server sees it at
 * once, every other server within `cacheMs`. A read that was under way while a user was forgotten
 * is not kept (the generation check), so it cannot put back what was just forgotten.
 */
export class SessionsService {
  private readonly lifetimeMs: number;
  private readonly cache = new Map<string, CachedSession>();
  /** Moves on each `forgetUser`: a read that started before it is answered but not kept. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly repository: SessionsRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    sessionDays: number,
    private readonly cacheMs = 1000,
  ) {
    this.lifetimeMs = sessionDays * DAY_MS;
  }

  private hash(token: string): string {
    return keyedHash(this.secret, 'session', token);
  }

  async create(userId: string): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.repository.insert(this.db, {
      id: randomUUID(),
      user_id: userId,
      token_hash: this.hash(token),
      created_at: now,
      expires_at: now + this.lifetimeMs,
      revoked_at: null,
    });
    return token;
  }

  /**
   * The registrar extracts the bearer token from the request. A frozen user's live session is
   * refused with 1018 rather than ended, so the app can say why (decision 026 "User care in the operator console").
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const now = this.clock.now();
    const tokenHash = this.hash(token);
    const row = this.cached(tokenHash, now) ?? (await this.read(tokenHash, now));
    if (!row) return null;
    if (row.frozenAt !== null) throw new AppError('ACCOUNT_FROZEN', 'accountFrozen');
    const { expiresAt: _expiresAt, frozenAt: _frozenAt, ...user } = row;
    return user;
  }

  private cached(tokenHash: string, now: number): LiveSession | undefined {
    const entry = this.cache.get(tokenHash);
    if (!entry) return undefined;
    // Past its second, expired, or due for the sliding expiry's move: the database answers.
    if (entry.until <= performance.now() || entry.session.expiresAt - now < this.lifetimeMs - DAY_MS) {
      this.cache.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  private async read(tokenHash: string, now: number): Promise<LiveSession | undefined> {
    const generation = this.generation;
    // The second counts from before the read: what it saw can be at most that old.
    const readAt = performance.now();
    const row = await this.repository.findLive(this.db, tokenHash, now);
    if (!row) return undefined;
    if (row.expiresAt - now < this.lifetimeMs - DAY_MS) {
      row.expiresAt = now + this.lifetimeMs;
      await this.repository.extend(this.db, row.sessionId, row.expiresAt);
    }
    if (this.cacheMs > 0 && generation === this.generation) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(tokenHash, { session: row, until: readAt + this.cacheMs });
    }
    return row;
  }

  /**
   * Drops what this server keeps of the user's sessions. Call it after the transaction that ended
   * a session or changed the user commits.
   */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.cache) {
      if (entry.session.id === userId) this.cache.delete(tokenHash);
    }
  }

  async revoke(sessionId: string, userId: string): Promise<void> {
    await this.repository.revoke(this.db, sessionId, this.clock.now());
    this.forgetUser(userId);
  }
}

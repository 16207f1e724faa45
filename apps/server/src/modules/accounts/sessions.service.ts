import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { DAY_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, randomToken } from '../../lib/secrets.js';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * Opaque bearer tokens, stored only as keyed hashes, with a sliding expiry. The expiry moves at
 * most once a day per session so that reading does not turn every request into a write.
 */
export class SessionsService {
  private readonly lifetimeMs: number;

  constructor(
    private readonly db: Db,
    private readonly repository: SessionsRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    sessionDays: number,
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
   * refused with 1018 rather than ended, so the app can say why (decision 026).
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const now = this.clock.now();
    const row = await this.repository.findLive(this.db, this.hash(token), now);
    if (!row) return null;
    if (row.frozenAt !== null) throw new AppError('ACCOUNT_FROZEN', 'accountFrozen');
    if (row.expiresAt - now < this.lifetimeMs - DAY_MS) {
      await this.repository.extend(this.db, row.sessionId, now + this.lifetimeMs);
    }
    const { expiresAt: _expiresAt, frozenAt: _frozenAt, ...user } = row;
    return user;
  }

  revoke(sessionId: string): Promise<void> {
    return this.repository.revoke(this.db, sessionId, this.clock.now());
  }
}

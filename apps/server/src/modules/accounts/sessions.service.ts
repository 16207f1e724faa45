import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/endpoints.js';
import { DAY_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, randomToken } from '../../lib/secrets.js';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/**
 * Opaque bearer tokens, stored only as keyed hashes, with a sliding expiry. The expiry moves at
 * most once a day per session so that reading does not turn every request into a write.
 */
export class SessionsService {
  private readonly lifetimeMs: number;

  constructor(
    private readonly db: Db,
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
    await this.db
      .insertInto('sessions')
      .values({
        id: randomUUID(),
        user_id: userId,
        token_hash: this.hash(token),
        created_at: now,
        expires_at: now + this.lifetimeMs,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.expires_at as expiresAt',
        'users.id as id',
        'users.account as account',
        'users.invite_code as inviteCode',
        'users.real_name_status as realNameStatus',
        'users.created_at as createdAt',
      ])
      .where('sessions.token_hash', '=', this.hash(match[1]))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expiresAt - now < this.lifetimeMs - DAY_MS) {
      await this.db
        .updateTable('sessions')
        .set({ expires_at: now + this.lifetimeMs })
        .where('id', '=', row.sessionId)
        .execute();
    }
    const { expiresAt: _expiresAt, ...user } = row;
    return user;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, sameHash } from '../../lib/secrets.js';

export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;

export interface CaptchaImage {
  text: string;
  svg: string;
}

/** Draws the challenge; tests swap in one whose answers they can read. */
export interface CaptchaGenerator {
  create(): CaptchaImage;
}

export const svgCaptchaGenerator: CaptchaGenerator = {
  create() {
    const { text, data } = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: true,
      background: '#f2f6fb',
      width: 120,
      height: 44,
    });
    return { text, svg: data };
  },
};

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly generator: CaptchaGenerator,
  ) {}

  private hash(answer: string): string {
    return keyedHash(this.secret, 'captcha', answer.trim().toLowerCase());
  }

  async issue(): Promise<{ captchaId: string; image: string; expiresIn: number }> {
    const now = this.clock.now();
    const { text, svg } = this.generator.create();
    const captchaId = randomUUID();
    await this.db
      .deleteFrom('captchas')
      .where('expires_at', '<', now - CAPTCHA_TTL_MS)
      .execute();
    await this.db
      .insertInto('captchas')
      .values({ id: captchaId, answer_hash: this.hash(text), expires_at: now + CAPTCHA_TTL_MS, used_at: null })
      .execute();
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresIn: CAPTCHA_TTL_MS / 1000,
    };
  }

  /** One attempt per captcha, right or wrong: it is spent before the answer is compared. */
  async verify(captchaId: string, answer: string): Promise<boolean> {
    const now = this.clock.now();
    const spent = await this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', captchaId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return spent !== undefined && sameHash(spent.answer_hash, this.hash(answer));
  }
}

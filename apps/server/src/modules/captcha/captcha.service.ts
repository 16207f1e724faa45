import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import { keyedHash, sameHash } from '../../lib/secrets.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { CaptchaRepository } from './captcha.repository.js';
import type { CaptchaSettings } from './captcha.settings.js';
import { drawCaptcha, randomCaptchaText } from './raster-captcha.js';

export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;

/**
 * A PNG picture (production), or an SVG from a test generator whose answers are meant to be read
 * from the markup.
 */
export type CaptchaImage = { text: string; png: Buffer } | { text: string; svg: string };

/** Draws the challenge; tests swap in one whose answers they can read. */
export interface CaptchaGenerator {
  create(): CaptchaImage | Promise<CaptchaImage>;
}

/**
 * The production generator: a distorted raster picture (decisions 017 "Upload quotas, sign-up and captcha limits" and
 * 075 "A captcha people can read").
 */
export const rasterCaptchaGenerator: CaptchaGenerator = {
  async create() {
    const text = randomCaptchaText();
    return { text, png: await drawCaptcha(text) };
  },
};

function dataUrl(image: CaptchaImage): string {
  return 'png' in image
    ? `data:image/png;base64,${image.png.toString('base64')}`
    : `data:image/svg+xml;base64,${Buffer.from(image.svg).toString('base64')}`;
}

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly repository: CaptchaRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly generator: CaptchaGenerator,
    private readonly limits: RateLimitService,
    private readonly config: CaptchaSettings,
  ) {}

  /**
   * Answers are compared without case and without spaces (decision 075 "A captcha people can read"): the picture shows
   * capitals.
   */
  private hash(answer: string): string {
    return keyedHash(this.secret, 'captcha', answer.replace(/\s+/g, '').toLowerCase());
  }

  /** One row per captcha, so issuing is limited per address (`CAPTCHA_MAX_PER_ADDRESS`). */
  async issue(address: string): Promise<{ captchaId: string; image: string; expiresIn: number }> {
    const { maxPerAddress, windowMinutes } = this.config.captcha;
    const windowMs = windowMinutes * MINUTE_MS;
    if (!(await this.limits.allow(`captcha:address:${address}`, windowMs, maxPerAddress))) {
      throw new AppError('RATE_LIMITED', 'captchaRateLimited', { minutes: this.limits.minutesLeft(windowMs) });
    }
    const image = await this.generator.create();
    const now = this.clock.now();
    const captchaId = randomUUID();
    await this.prune();
    await this.repository.insert(this.db, {
      id: captchaId,
      answer_hash: this.hash(image.text),
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
    });
    return { captchaId, image: dataUrl(image), expiresIn: CAPTCHA_TTL_MS / 1000 };
  }

  /** Expired captchas can never be answered: they go at every issue and every cleanup run. */
  prune(): Promise<number> {
    return this.repository.deleteExpired(this.db, this.clock.now());
  }

  /** One attempt per captcha, right or wrong: it is spent before the answer is compared. */
  async verify(captchaId: string, answer: string): Promise<boolean> {
    const answerHash = await this.repository.spend(this.db, captchaId, this.clock.now());
    return answerHash !== undefined && sameHash(answerHash, this.hash(answer));
  }
}
